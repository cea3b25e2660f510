import { admissionState, type DropTimes } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { findEntry, placedEntries, type QueueEntryRow } from '../../db/queries/drops.ts';

/**
 * This instance's copy of the members' queue entries (ADR 0053), so a status poll or an admission check reads no
 * row: an entry with a place never changes while it is held (a member keeps their place until the admission
 * lapses; only then may a join replace it), and a pre-queue entry changes only at the shuffle. So an entry is served
 * from here while it has a place that has not lapsed, or while the drop is not shuffled; otherwise (not here, lapsed,
 * shuffled since) it is read by its key and kept. Once an instance sees the drop shuffled it loads every place in one
 * query, so the whole pre-queue asking for its place just after the start costs one read per instance, not one each.
 * Shared state stays in PostgreSQL: this only remembers what cannot change.
 */

/** A bound for one instance's memory: past it a pack's copy starts afresh (and refills by key). */
const MAX_ENTRIES_PER_PACK = 500_000;
/**
 * How long "no entry" is believed (real time): a client polling without joining (a bot) costs one read a second
 * per instance, not one per call. A join on this instance forgets it at once; one on another instance shows here
 * within this time, sooner than the page's next poll (pollDelayMs: 2 s while outside).
 */
const ABSENT_MS = 1000;

interface PackEntries {
  entries: Map<number, QueueEntryRow>;
  /** Members without an entry, until when (Date.now()) that is believed. */
  absent: Map<number, number>;
  /** The shuffle's bulk load, started once per pack and instance. */
  placesLoaded: Promise<void> | null;
}

export type EntryCaches = Map<number, PackEntries>;
export const createEntryCaches = (): EntryCaches => new Map();

function packEntries(ctx: AppContext, packId: number): PackEntries {
  let p = ctx.packs.dropEntries.get(packId);
  if (!p) {
    p = { entries: new Map(), absent: new Map(), placesLoaded: null };
    ctx.packs.dropEntries.set(packId, p);
  }
  return p;
}

function keep(p: PackEntries, memberId: number, entry: QueueEntryRow) {
  if (p.entries.size >= MAX_ENTRIES_PER_PACK) p.entries.clear();
  p.entries.set(memberId, entry);
}

/** Whether a remembered entry is still what the database holds (see above). */
function stillTrue(e: QueueEntryRow, times: DropTimes, shuffled: boolean, now: Date): boolean {
  if (e.place === null || e.admit_at === null) return !shuffled;
  return admissionState(times, e.admit_at, now) !== 'expired';
}

/**
 * A member's entry in a drop's queue, or null. `shuffled` is whether this instance's copy of the drop row says the
 * pre-queue has its places.
 */
export async function queueEntry(
  ctx: AppContext,
  drop: { packId: number; times: DropTimes; shuffled: boolean },
  memberId: number,
  now: Date,
): Promise<QueueEntryRow | null> {
  const p = packEntries(ctx, drop.packId);
  if (drop.shuffled) {
    p.placesLoaded ??= placedEntries(ctx.db.pool, drop.packId).then(
      (rows) => {
        // An entry read by key since is as new; a pre-queue one (no place) is replaced by its place.
        for (const r of rows) if (!p.entries.get(r.member_id)?.place) keep(p, r.member_id, r);
      },
      (err: unknown) => {
        p.placesLoaded = null; // the next poll tries again
        throw err;
      },
    );
    await p.placesLoaded;
  }
  const hit = p.entries.get(memberId);
  if (hit && stillTrue(hit, drop.times, drop.shuffled, now)) return hit;
  if (!hit && (p.absent.get(memberId) ?? 0) > Date.now()) return null;
  const row = await findEntry(ctx.db.pool, drop.packId, memberId);
  rememberEntry(ctx, drop.packId, memberId, row);
  return row;
}

/** After this instance changed a member's entry (a join), so its next status shows the change at once. */
export function rememberEntry(ctx: AppContext, packId: number, memberId: number, entry: QueueEntryRow | null) {
  const p = packEntries(ctx, packId);
  if (entry) {
    p.absent.delete(memberId);
    keep(p, memberId, entry);
    return;
  }
  p.entries.delete(memberId);
  if (p.absent.size >= MAX_ENTRIES_PER_PACK) p.absent.clear();
  p.absent.set(memberId, Date.now() + ABSENT_MS);
}

/** After the shuffle on this instance: the pre-queue's entries have their places now. */
export function forgetPrequeue(ctx: AppContext, packId: number) {
  const p = packEntries(ctx, packId);
  p.placesLoaded = null;
  for (const [member, e] of p.entries) if (e.place === null) p.entries.delete(member);
}
