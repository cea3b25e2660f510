import { many, maybeOne, type Queryable } from '../queryable.ts';

export async function findMessagingLink(db: Queryable, memberId: number) {
  return maybeOne<{ provider: string; external_id: string }>(
    db,
    'SELECT provider, external_id FROM messaging_links WHERE member_id = $1',
    [memberId],
  );
}

/** Links the app account; false when that app account is linked to another member already. */
export async function insertMessagingLink(
  db: Queryable,
  l: { memberId: number; provider: string; externalId: string; now: Date },
): Promise<boolean> {
  const row = await maybeOne<{ member_id: string }>(
    db,
    `INSERT INTO messaging_links (member_id, provider, external_id, linked_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (member_id) DO UPDATE SET provider = EXCLUDED.provider, external_id = EXCLUDED.external_id,
       linked_at = EXCLUDED.linked_at
     RETURNING member_id`,
    [l.memberId, l.provider, l.externalId, l.now],
  ).catch((err: { code?: string }) => {
    if (err.code === '23505') return null; // (provider, external_id) belongs to another member
    throw err;
  });
  return row !== null;
}

export interface DailySeedRow {
  draw_day: string;
  seed: string;
  commitment: string;
  table_digest: string;
}

const SEED = "to_char(draw_day, 'YYYY-MM-DD') AS draw_day, seed, commitment, table_digest";

/** Stores a day's seed unless one exists (the first writer wins; every instance then reads the same). */
export async function insertDailySeedIfAbsent(db: Queryable, s: DailySeedRow): Promise<void> {
  await db.query(
    `INSERT INTO daily_draw_seeds (draw_day, seed, commitment, table_digest) VALUES ($1, $2, $3, $4)
     ON CONFLICT (draw_day) DO NOTHING`,
    [s.draw_day, s.seed, s.commitment, s.table_digest],
  );
}

export async function findDailySeed(db: Queryable, day: string): Promise<DailySeedRow | null> {
  return maybeOne<DailySeedRow>(db, `SELECT ${SEED} FROM daily_draw_seeds WHERE draw_day = $1`, [day]);
}

/** Seeds of days before `day`, newest first: these are published. */
export async function revealedDailySeeds(db: Queryable, day: string, limit: number): Promise<DailySeedRow[]> {
  return many<DailySeedRow>(
    db,
    `SELECT ${SEED} FROM daily_draw_seeds WHERE draw_day < $1 ORDER BY draw_day DESC LIMIT $2`,
    [day, limit],
  );
}

export async function findDailyDraw(db: Queryable, memberId: number, day: string) {
  return maybeOne<{ prize_index: number; point: number }>(
    db,
    'SELECT prize_index, point FROM daily_draws WHERE member_id = $1 AND draw_day = $2',
    [memberId, day],
  );
}

/** Records today's draw; false when the member drew today already (the primary key decides, even concurrently). */
export async function insertDailyDraw(
  tx: Queryable,
  d: { memberId: number; day: string; prizeIndex: number; point: number; now: Date },
): Promise<boolean> {
  const row = await maybeOne(
    tx,
    `INSERT INTO daily_draws (member_id, draw_day, prize_index, point, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (member_id, draw_day) DO NOTHING RETURNING 1 AS ok`,
    [d.memberId, d.day, d.prizeIndex, d.point, d.now],
  );
  return row !== null;
}

export interface SnsCampaignRow {
  code: string;
  point: number;
  follow_url: string;
  starts_at: Date | null;
  ends_at: Date | null;
}

/** The campaign running at `now` (the latest started if several). */
export async function currentSnsCampaign(db: Queryable, now: Date): Promise<SnsCampaignRow | null> {
  return maybeOne<SnsCampaignRow>(
    db,
    `SELECT code, point, follow_url, starts_at, ends_at FROM sns_campaigns
     WHERE active AND (starts_at IS NULL OR starts_at <= $1) AND (ends_at IS NULL OR ends_at > $1)
     ORDER BY starts_at DESC NULLS LAST LIMIT 1`,
    [now],
  );
}

export async function findSnsCampaign(db: Queryable, code: string): Promise<SnsCampaignRow | null> {
  return maybeOne<SnsCampaignRow>(
    db,
    'SELECT code, point, follow_url, starts_at, ends_at FROM sns_campaigns WHERE active AND upper(code) = upper($1)',
    [code],
  );
}

export async function hasSnsClaim(db: Queryable, memberId: number, code: string): Promise<boolean> {
  const row = await maybeOne(db, 'SELECT 1 FROM sns_campaign_claims WHERE member_id = $1 AND code = $2', [
    memberId,
    code,
  ]);
  return row !== null;
}

/** Records the claim; false when the member claimed this campaign already. */
export async function insertSnsClaim(
  tx: Queryable,
  c: { memberId: number; code: string; point: number; now: Date },
): Promise<boolean> {
  const row = await maybeOne(
    tx,
    `INSERT INTO sns_campaign_claims (member_id, code, point, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING 1 AS ok`,
    [c.memberId, c.code, c.point, c.now],
  );
  return row !== null;
}

export async function upsertSnsCampaign(
  db: Queryable,
  c: { code: string; point: number; followUrl: string; startsAt: Date | null; endsAt: Date | null },
): Promise<void> {
  await db.query(
    `INSERT INTO sns_campaigns (code, point, follow_url, starts_at, ends_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (code) DO UPDATE SET point = EXCLUDED.point, follow_url = EXCLUDED.follow_url,
       starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at, active = true`,
    [c.code, c.point, c.followUrl, c.startsAt, c.endsAt],
  );
}
