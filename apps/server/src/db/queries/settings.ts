import { many, maybeOne, type Queryable } from '../queryable.ts';

/** The settings table: shop-wide switches by key ('maintenance', 'banner_mode'), values as text. */
export async function findSetting(db: Queryable, key: string): Promise<string | null> {
  const row = await maybeOne<{ value: string }>(db, 'SELECT value FROM settings WHERE key = $1', [key]);
  return row ? row.value : null;
}

export async function upsertSetting(db: Queryable, key: string, value: string): Promise<void> {
  await db.query(
    `INSERT INTO settings (key, value) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [key, value],
  );
}

/** The values of these keys that are set, by key. */
export async function findSettings(db: Queryable, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await many<{ key: string; value: string }>(db, 'SELECT key, value FROM settings WHERE key = ANY($1)', [
    keys,
  ]);
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Sets a default: an existing value (an operator's choice) is left alone. */
export async function insertSettingIfAbsent(db: Queryable, key: string, value: string): Promise<void> {
  await db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, value]);
}
