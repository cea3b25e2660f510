import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, oldMember } from './before-migration.ts';

/**
 * Migration 0019's data move (ADR 0035): bonuses paid twice before it (a rank lost and bought back) must not break
 * the once-per-rank key. The first rank_up per member and rank is the paid one; later ones and their second cards
 * stay as records; the peak is the highest rank held.
 */
describe('migration 0019: rank bonuses paid once, from the existing rank_up events', () => {
  let db: Awaited<ReturnType<typeof databaseBefore>>;
  let q: typeof db.q;

  beforeAll(async () => {
    db = await databaseBefore('0019');
    q = db.q;
  });
  afterAll(() => db.close());

  const member = async (mail: string, rank: number) => {
    const id = await oldMember(db.pool, mail);
    await q('UPDATE members SET rank = $2 WHERE id = $1', [id, rank]);
    return id;
  };
  const rankUp = async (memberId: number, to: number) =>
    Number(
      (
        await q(
          `INSERT INTO rank_events (member_id, kind, from_rank, to_rank, bonus_point) VALUES ($1, 'rank_up', $2, $3, 1)
           RETURNING id`,
          [memberId, to - 1, to],
        )
      ).rows[0].id,
    );

  it('keeps the first bonus per rank as paid, leaves the later ones as records, and sets the peak', async () => {
    const twice = await member('twice@example.test', 6);
    const first2 = await rankUp(twice, 2);
    const first3 = await rankUp(twice, 3);
    await rankUp(twice, 3); // bought back after a drop: paid again before the fix
    const first7 = await rankUp(twice, 7);
    const again7 = await rankUp(twice, 7);
    for (const ev of [first7, again7]) {
      await q('INSERT INTO rank_card_rewards (member_id, rank_event_id, point) VALUES ($1, $2, 200000)', [twice, ev]);
    }
    const seeded = await member('seeded@example.test', 4); // a rank with no events (set before ranks had them)

    await db.migrateRest();

    const paid = await q('SELECT member_id, rank, rank_event_id FROM rank_bonuses_paid ORDER BY rank');
    expect(paid.rows.map((r) => [Number(r.member_id), r.rank, Number(r.rank_event_id)])).toEqual([
      [twice, 2, first2],
      [twice, 3, first3],
      [twice, 7, first7],
    ]);
    const peaks = await q('SELECT id, rank, rank_peak FROM members ORDER BY id');
    expect(peaks.rows.map((r) => [Number(r.id), r.rank, r.rank_peak])).toEqual([
      [twice, 6, 7],
      [seeded, 4, 4],
    ]);
    // Both cards stay (a granted card is a record); no third can be made for the member.
    expect((await q('SELECT count(*)::int AS n FROM rank_card_rewards')).rows[0].n).toBe(2);
    const third = await rankUp(twice, 7);
    await expect(
      q('INSERT INTO rank_card_rewards (member_id, rank_event_id, point) VALUES ($1, $2, 200000)', [twice, third]),
    ).rejects.toThrow(/rank_card_rewards_paid_bonus/);
  });
});
