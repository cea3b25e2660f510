import type { AppContext } from '../context.ts';

// The database flag is read at most once a second per instance, so maintenance costs no query per request.
const CACHE_MS = 1000;
let cache: { at: number; on: boolean; pool: unknown } | null = null;

export async function isMaintenance(ctx: AppContext): Promise<boolean> {
  if (ctx.config.maintenance) return true;
  const now = Date.now();
  if (cache && cache.pool === ctx.db.pool && now - cache.at < CACHE_MS) return cache.on;
  const { rows } = await ctx.db.pool.query<{ value: string }>("SELECT value FROM settings WHERE key = 'maintenance'");
  const on = rows[0]?.value === '1';
  cache = { at: now, on, pool: ctx.db.pool };
  return on;
}

export async function setMaintenance(ctx: AppContext, on: boolean): Promise<void> {
  await ctx.db.pool.query(
    `INSERT INTO settings (key, value) VALUES ('maintenance', $1)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [on ? '1' : '0'],
  );
  cache = null;
}
