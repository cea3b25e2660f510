import { randomBytes, randomInt } from 'node:crypto';
import {
  admissionState,
  dropPhase,
  joinAction,
  lateAdmitAt,
  placeStatus,
  pollDelayMs,
  prequeueAdmitAt,
  queueOrder,
  type DropInfo,
  type DropStatus,
  type DropTimes,
} from '@oripa/core';
import { AppError, notFound } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import {
  admitAtOfPlaces,
  applyShuffle,
  dropSeedHex,
  findDrop,
  findEntry,
  joinPrequeueEntries,
  lockDrop,
  prequeueCodes,
  queueSnapshot,
  setLastPlace,
  upsertLateEntry,
  type DropRow,
  type QueueEntryRow,
} from '../../db/queries/drops.ts';
import { Batcher } from '../../db/batcher.ts';
import { isDatabaseUnavailable } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { requireConfirmedMail } from '../mail-verification.ts';
import { solvedChallenge } from './drop-challenge.ts';
import { createDropBudgets, spend } from './drop-limits.ts';
import { forgetPrequeue, queueEntry, rememberEntry } from './entry-cache.ts';

/**
 * The waiting room of a drop (issue 22 §1, ADR 0048). Its state is the pack_drops row and one drop_queue row per
 * member in PostgreSQL, so every instance answers the same and a restart loses nothing; each place's admission
 * time is fixed when the place is given, so admission needs no process of its own: a member is admitted when the
 * shop clock passes their admit_at. The rules are core's (drops/queue-rules.ts, queue-shuffle.ts).
 */

export const timesOf = (d: DropRow): DropTimes => ({
  startsAt: d.start_date,
  prequeueMinutes: d.prequeue_minutes,
  admitPerMinute: d.admit_per_minute,
  stayMinutes: d.stay_minutes,
});

/** A pack's drop as this instance last read it (at most a second old; null: not a drop). */
export function cachedDrop(ctx: AppContext, packId: number): Promise<DropRow | null> {
  return ctx.packs.drops.get(packId, () => findDrop(ctx.db.pool, packId));
}

const budgets = (ctx: AppContext) => (ctx.packs.dropBudgets ??= createDropBudgets(ctx.config.drops));

async function requireDrop(ctx: AppContext, packId: number): Promise<DropRow> {
  const drop = await cachedDrop(ctx, packId);
  if (!drop) throw new AppError('not_found', { general: ['dropNotADrop'] }, 'not_a_drop');
  return drop;
}

/**
 * At the start the pre-queue gets its places: its entry codes sorted, shuffled with the committed seed, and admitted
 * `admit_per_minute` a minute in that order. Whoever asks first after the start does it, under the drop row's lock,
 * so it happens once whatever the number of instances; the others find it done.
 */
async function shuffleIfDue(ctx: AppContext, drop: DropRow, now: Date): Promise<void> {
  if (drop.shuffled_at || dropPhase(timesOf(drop), now) !== 'started') return;
  await withTransaction(ctx.db, async (tx) => {
    const locked = await lockDrop(tx, drop.pack_id, 'UPDATE');
    if (!locked || locked.shuffled_at) return;
    const seed = await dropSeedHex(tx, drop.pack_id);
    const codes = queueOrder(await prequeueCodes(tx, drop.pack_id), seed);
    const times = timesOf(locked);
    await applyShuffle(tx, drop.pack_id, { codes, admitAt: codes.map((_, i) => prequeueAdmitAt(times, i + 1)) }, now);
  });
  ctx.packs.drops.clear();
  forgetPrequeue(ctx, drop.pack_id);
}

const newEntryCode = () => randomBytes(8).toString('hex');

export interface JoinInput {
  memberId: number;
  packId: number;
  altcha: string;
  address: string;
}

/**
 * POST /api/user/pack/drop/join: a confirmed member who solved the challenge takes a place. In the pre-queue window
 * the place waits for the shuffle; after the start it is the next one (first come, first served). Joining again
 * (another tab, device or instance) keeps the place; only a lapsed admission queues again at the back.
 */
export async function joinDrop(ctx: AppContext, input: JoinInput): Promise<DropStatus> {
  const { memberId, packId } = input;
  const b = budgets(ctx);
  spend(b.joinsByMember, b.joinsByAddress, memberId, input.address);
  const drop = await requireDrop(ctx, packId);
  await requireConfirmedMail(ctx.db.pool, memberId);
  if (!(await solvedChallenge(ctx, input.altcha, memberId, packId))) {
    throw new AppError('validation', { altcha: ['dropChallengeInvalid'] }, 'challenge_invalid');
  }
  const now = ctx.clock.now();
  const phase = dropPhase(timesOf(drop), now);
  if (phase === 'not_open') throw new AppError('conflict', { general: ['dropNotOpen'] }, 'drop_not_open');
  if (phase === 'prequeue' && (await joinPrequeue(ctx, drop, memberId, now))) return dropStatus(ctx, memberId, packId);
  await shuffleIfDue(ctx, drop, now);
  await joinLate(ctx, packId, memberId, now);
  return dropStatus(ctx, memberId, packId);
}

/**
 * Pre-queue joins go out in batches (db/batcher.ts: one at once, the rest together while two run), each batch one
 * statement per drop: the pre-queue's arrivals before a popular start are its heaviest writes.
 */
function prequeueJoins(ctx: AppContext) {
  return (ctx.packs.dropJoins ??= new Batcher(
    async (items: { packId: number; memberId: number; code: string; now: Date }[]) => {
      const byPack = new Map<number, Map<number, QueueEntryRow> | 'shuffled'>();
      for (const packId of new Set(items.map((j) => j.packId))) {
        byPack.set(
          packId,
          await joinPrequeueEntries(
            ctx.db.pool,
            packId,
            items.filter((j) => j.packId === packId),
          ),
        );
      }
      return items.map((j) => {
        const got = byPack.get(j.packId)!;
        return got === 'shuffled' ? 'shuffled' : (got.get(j.memberId) ?? null);
      });
    },
    { maxInFlight: 2, maxBatch: 500, retryAlone: (err) => !isDatabaseUnavailable(err) },
  ));
}

/** Answers false when the pre-queue was shuffled meanwhile (the clock passed the start): the caller queues late. */
async function joinPrequeue(ctx: AppContext, drop: DropRow, memberId: number, now: Date): Promise<boolean> {
  // One statement, so its own transaction: what it wrote is committed before this instance remembers it.
  const joined = await prequeueJoins(ctx).submit({ packId: drop.pack_id, memberId, code: newEntryCode(), now });
  if (joined === 'shuffled') return false;
  const entry = joined ?? (await findEntry(ctx.db.pool, drop.pack_id, memberId));
  if (entry) rememberEntry(ctx, drop.pack_id, memberId, entry);
  return true;
}

async function joinLate(ctx: AppContext, packId: number, memberId: number, now: Date): Promise<void> {
  const entry = await withTransaction(ctx.db, async (tx): Promise<QueueEntryRow> => {
    // Late arrivals take the next place one at a time: the drop row's lock orders them.
    const drop = await lockDrop(tx, packId, 'UPDATE');
    if (!drop) throw notFound();
    const times = timesOf(drop);
    const entry = await findEntry(tx, packId, memberId);
    if (entry && joinAction(times, { admitAt: entry.admit_at }, now) === 'keep') return entry;
    const place = drop.last_place + 1;
    const aheadPlace = place - drop.admit_per_minute;
    const bounds = await admitAtOfPlaces(tx, packId, [aheadPlace, place - 1]);
    const at = (p: number) => bounds.find((r) => r.place === p)?.admit_at ?? null;
    const admitAt = lateAdmitAt(times, now, at(aheadPlace), at(place - 1));
    const code = newEntryCode();
    await upsertLateEntry(tx, packId, memberId, { code, now, place, admitAt });
    await setLastPlace(tx, packId, place);
    return { entry_code: code, joined_at: now, prequeue: false, place, admit_at: admitAt };
  });
  rememberEntry(ctx, packId, memberId, entry);
}

export function dropInfo(d: DropRow): DropInfo {
  const opens = new Date(d.start_date.getTime() - d.prequeue_minutes * 60_000);
  return {
    prequeue_opens_at: opens.toISOString(),
    starts_at: d.start_date.toISOString(),
    admit_per_minute: d.admit_per_minute,
    stay_minutes: d.stay_minutes,
    seed_hash: d.seed_hash,
    seed: d.revealed_seed,
  };
}

/** The queue's size and the highest place admitted, per pack and instance, read at most once a second. */
function snapshot(ctx: AppContext, packId: number, now: Date) {
  return ctx.packs.dropSnapshots.get(packId, () => queueSnapshot(ctx.db.pool, packId, now));
}

/** A number in [0, 1) for spreading polls (pollDelayMs): no need for more than a thousand steps. */
const jitter = () => randomInt(1000) / 1000;

/** What a member who is not (yet) placed is told to do next: the moment their state ends, for pollDelayMs. */
function untilMs(d: DropRow, now: Date) {
  const start = d.start_date.getTime();
  return { opens: start - d.prequeue_minutes * 60_000 - now.getTime(), start: start - now.getTime() };
}

/**
 * GET /api/user/pack/drop/:id for a member, answered from this instance's memory while the queue is running: the
 * member's entry (entry-cache.ts: a place, once given, does not change), and the drop and the queue's size and
 * highest admitted place (each at most a second old), so thousands polling cost the database a few reads a second.
 * The reply says when to ask again (`poll_ms`, backing off with the distance from the front).
 */
export async function dropStatus(ctx: AppContext, memberId: number, packId: number): Promise<DropStatus> {
  const drop = await requireDrop(ctx, packId);
  const now = ctx.clock.now();
  await shuffleIfDue(ctx, drop, now);
  const d = (await cachedDrop(ctx, packId)) ?? drop;
  const times = timesOf(d);
  const [entry, snap] = await Promise.all([
    queueEntry(ctx, { packId, times, shuffled: d.shuffled_at !== null }, memberId, now),
    snapshot(ctx, packId, now),
  ]);
  const phase = dropPhase(times, now);
  const until = untilMs(d, now);
  const base = {
    queued: snap.queued,
    place: null,
    ahead: null,
    wait_seconds: null,
    admitted_at: null,
    expires_at: null,
    entry_code: entry?.entry_code ?? null,
    drop: dropInfo(d),
  };
  if (phase === 'not_open')
    return { ...base, queue_state: 'not_open', poll_ms: pollDelayMs('not_open', until.opens, jitter()) };
  if (!entry) return { ...base, queue_state: 'outside', poll_ms: pollDelayMs('outside', 0, 0) };
  if (!entry.place || !entry.admit_at) {
    const waitSeconds = Math.max(0, Math.ceil(until.start / 1000));
    return {
      ...base,
      queue_state: 'prequeue',
      wait_seconds: waitSeconds,
      poll_ms: pollDelayMs('prequeue', until.start, jitter()),
    };
  }
  const s = placeStatus(times, entry.place, entry.admit_at, snap.admitted_through, now);
  const moment = s.state === 'waiting' ? s.admitAt : s.expiresAt;
  return {
    ...base,
    queue_state: s.state,
    place: s.place,
    ahead: s.ahead,
    wait_seconds: s.waitSeconds,
    admitted_at: s.admitAt.toISOString(),
    expires_at: s.expiresAt.toISOString(),
    poll_ms: pollDelayMs(s.state, moment.getTime() - now.getTime(), jitter()),
  };
}

/** Status calls are budgeted per member and address before anything is read. */
export function budgetedDropStatus(ctx: AppContext, memberId: number, packId: number, address: string) {
  const b = budgets(ctx);
  spend(b.statusByMember, b.statusByAddress, memberId, address);
  return dropStatus(ctx, memberId, packId);
}

/**
 * The check and the buy of a drop pack refuse a member without a current admission (issue 22 §1), before the sale
 * rules: the member's entry as the status reads it (entry-cache.ts: from memory while it holds a place). A pack
 * that is not a drop costs nothing beyond this instance's cache.
 */
export async function requireAdmission(ctx: AppContext, packId: number, memberId: number, now: Date): Promise<void> {
  const drop = await cachedDrop(ctx, packId);
  if (!drop) return;
  const times = timesOf(drop);
  const entry = await queueEntry(ctx, { packId, times, shuffled: drop.shuffled_at !== null }, memberId, now);
  if (entry?.admit_at && admissionState(times, entry.admit_at, now) === 'admitted') return;
  const lapsed = entry?.admit_at && entry.admit_at <= now;
  throw new AppError(
    'forbidden',
    { count: [lapsed ? 'dropAdmissionExpired' : 'dropNotAdmitted'] },
    lapsed ? 'drop_admission_expired' : 'drop_not_admitted',
  );
}
