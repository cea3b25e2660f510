import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  DAILY_DRAW_ALGORITHM,
  DAILY_PRIZE_TABLE,
  dailyPrizeIndex,
  dailySeedCommitment,
  prizeTableDigest,
  tokyoDay,
  type DailyDrawResult,
  type DailyDrawStatus,
} from '@oripa/core';
import type { AppContext } from '../../../context.ts';
import type { Queryable } from '../../../db/queryable.ts';
import {
  findDailyDraw,
  findDailySeed,
  findMessagingLink,
  insertDailyDraw,
  insertDailySeedIfAbsent,
  insertMessagingLink,
  revealedDailySeeds,
  type DailySeedRow,
} from '../../../db/queries/daily-draw.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../app-error.ts';
import { grantPoints } from '../../ledger.ts';
import { requireConfirmedMail } from '../../mail-verification.ts';

const DAY_MS = 24 * 3600_000;
const LINK_STATE_TTL_MS = 10 * 60_000;
export const DAILY_DRAW_PATH = '/daily-draw';

const linkFailed = () => AppError.validation('code', 'messagingLinkFailed', 'messaging_link_failed');

/** The day's seed, made (with its commitment) the first time anyone needs it; every instance reads the same row. */
async function seedOf(db: Queryable, day: string): Promise<DailySeedRow> {
  const existing = await findDailySeed(db, day);
  if (existing) return existing;
  const seed = randomBytes(32).toString('hex');
  await insertDailySeedIfAbsent(db, {
    draw_day: day,
    seed,
    commitment: dailySeedCommitment(seed),
    table_digest: prizeTableDigest(DAILY_PRIZE_TABLE),
  });
  return (await findDailySeed(db, day))!;
}

const redirectUri = (ctx: AppContext) => new URL(DAILY_DRAW_PATH, ctx.config.publicUrl).toString();

/** A state bound to the member and short-lived, signed with the session secret (no row to store). */
function linkState(ctx: AppContext, memberId: number): string {
  const body = `${memberId}.${ctx.clock.now().getTime() + LINK_STATE_TTL_MS}`;
  return `${body}.${createHmac('sha256', ctx.config.sessionSecret).update(`line-link|${body}`).digest('hex')}`;
}

function stateIsValid(ctx: AppContext, memberId: number, state: string): boolean {
  const [id, expires, mac] = state.split('.');
  if (!id || !expires || !mac || Number(id) !== memberId || Number(expires) < ctx.clock.now().getTime()) return false;
  const expected = createHmac('sha256', ctx.config.sessionSecret).update(`line-link|${id}.${expires}`).digest();
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(mac) ? mac : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function dailyDrawStatus(ctx: AppContext, memberId: number): Promise<DailyDrawStatus> {
  const now = ctx.clock.now();
  const day = tokyoDay(now);
  const db = ctx.db.pool;
  // Tomorrow's commitment exists before tomorrow, so it is published before any of its draws.
  const [today, , link, drawn, revealed] = await Promise.all([
    seedOf(db, day),
    seedOf(db, tokyoDay(new Date(now.getTime() + DAY_MS))),
    findMessagingLink(db, memberId),
    findDailyDraw(db, memberId, day),
    revealedDailySeeds(db, day, 7),
  ]);
  const gateway = ctx.messaging;
  return {
    linked: link ? '1' : '0',
    drawn_today: drawn ? '1' : '0',
    today_point: drawn ? drawn.point : null,
    day,
    table: DAILY_PRIZE_TABLE.map((p) => ({ ...p })),
    table_digest: prizeTableDigest(DAILY_PRIZE_TABLE),
    algorithm: DAILY_DRAW_ALGORITHM,
    commitment: today.commitment,
    revealed: revealed.map((s) => ({
      day: s.draw_day,
      seed: s.seed,
      commitment: s.commitment,
      table_digest: s.table_digest,
    })),
    link_url: gateway ? gateway.authorizeUrl(linkState(ctx, memberId), redirectUri(ctx)) : '',
  };
}

/** The callback of the messaging app's login: checks the state, asks the app who it is, links the account. */
export async function linkMessagingApp(ctx: AppContext, memberId: number, code: string, state: string) {
  const gateway = ctx.messaging;
  if (!gateway || !stateIsValid(ctx, memberId, state)) throw linkFailed();
  const userId = await gateway.userIdForCode(code, redirectUri(ctx)).catch(() => null);
  if (!userId) throw linkFailed();
  const linked = await insertMessagingLink(ctx.db.pool, {
    memberId,
    provider: gateway.provider,
    externalId: userId,
    now: ctx.clock.now(),
  });
  if (!linked) throw AppError.validation('code', 'messagingTaken', 'messaging_taken');
}

/**
 * Today's free draw (Asia/Tokyo day): the prize follows from the day's committed seed and the member id (core
 * dailyPrizeIndex); the draw row's primary key (member, day) lets exactly one of parallel draws through, and its
 * points are a free lot granted in the same transaction (ledger row 'daily_draw'). An unconfirmed mail address
 * is refused before the day's draw is used (issue 19 §2): the member draws that day once they confirm it.
 */
export async function takeDailyDraw(ctx: AppContext, memberId: number): Promise<DailyDrawResult> {
  await requireConfirmedMail(ctx.db.pool, memberId);
  const now = ctx.clock.now();
  const day = tokyoDay(now);
  if (!(await findMessagingLink(ctx.db.pool, memberId))) {
    throw new AppError('forbidden', { general: ['dailyNotLinked'] }, 'messaging_not_linked');
  }
  const seed = await seedOf(ctx.db.pool, day);
  const prizeIndex = dailyPrizeIndex(seed.seed, memberId, DAILY_PRIZE_TABLE);
  const point = DAILY_PRIZE_TABLE[prizeIndex]!.point;
  await withTransaction(ctx.db, async (tx) => {
    if (!(await insertDailyDraw(tx, { memberId, day, prizeIndex, point, now }))) {
      throw new AppError('conflict', { general: ['dailyAlreadyDrawn'] }, 'already_drawn');
    }
    if (point > 0) {
      await grantPoints(tx, { memberId, amount: point, kind: 'free', reason: 'daily_draw', memo: day, now });
    }
  });
  return { point, prize_index: prizeIndex, day };
}
