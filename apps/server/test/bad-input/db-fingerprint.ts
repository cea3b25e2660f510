import type { TestShop } from '../test-shop.ts';

/**
 * Tables whose rows may legitimately change on a refused request. auth_throttle counts failed logins and reissue
 * requests by design: a garbage login is still a login attempt, and counting it is the point.
 */
const MAY_CHANGE = new Set(['auth_throttle']);

/**
 * One query that captures the database's state: row counts of every table, the sums of point and coin balances,
 * and a digest of the members table (a refused profile, password or address change must not touch a row).
 */
export async function fingerprintQuery(shop: TestShop): Promise<string> {
  const { rows } = await shop.ctx.db.pool.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const counts = rows
    .map((r) => r.tablename)
    .filter((t) => !MAY_CHANGE.has(t))
    .map((t) => `'${t}', (SELECT count(*) FROM "${t}")`);
  // json_build_object takes at most 100 arguments: the counts go in chunks joined as jsonb.
  const chunks: string[] = [];
  for (let i = 0; i < counts.length; i += 40)
    chunks.push(`json_build_object(${counts.slice(i, i + 40).join(', ')})::jsonb`);
  return `SELECT ${chunks.join(' || ')} || jsonb_build_object(
    'points', (SELECT COALESCE(sum(point_balance), 0) FROM members),
    'coins', (SELECT COALESCE(sum(coin_balance), 0) FROM members),
    'members', (SELECT md5(COALESCE(string_agg(m::text, '|' ORDER BY id), '')) FROM members m)) AS f`;
}

export async function fingerprint(shop: TestShop, query: string): Promise<string> {
  const { rows } = await shop.ctx.db.pool.query<{ f: unknown }>(query);
  return JSON.stringify(rows[0]!.f);
}
