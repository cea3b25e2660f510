import { randomBytes } from 'node:crypto';
import { dropPhase, seedCommitment, type DropInfo, type DropSettingsInput } from '@oripa/core';
import { AppError, notFound } from '../../../app-error.ts';
import type { AppContext } from '../../../context.ts';
import { lockDraft } from '../../../db/queries/admin-packs.ts';
import { findDrop, lockDrop, saveDrop } from '../../../db/queries/drops.ts';
import { findPack } from '../../../db/queries/packs.ts';
import { dropInfo, timesOf } from '../../drops/waiting-room.ts';
import { withAudit } from '../audit.ts';
import type { StaffIdentity } from '../staff-sessions.ts';

/** The published pack of a console pack (a draft id), or 404: a drop needs the pack's start to be fixed. */
async function publishedPackId(ctx: AppContext, draftId: number, tx?: Parameters<typeof lockDraft>[0]) {
  const stored = await lockDraft(tx ?? ctx.db.pool, draftId);
  if (!stored) throw notFound();
  if (stored.pack_id === null) throw new AppError('conflict', { general: ['dropNoStart'] }, 'not_published');
  return Number(stored.pack_id);
}

/** GET /api/admin/packs/:id/drop: the pack's drop settings, or null when it is sold without a queue. */
export async function getPackDrop(ctx: AppContext, draftId: number): Promise<DropInfo | null> {
  const drop = await findDrop(ctx.db.pool, await publishedPackId(ctx, draftId));
  return drop && dropInfo(drop);
}

/**
 * POST /api/admin/packs/:id/drop (audited): makes a published pack's sale a drop, or changes its settings, until
 * its pre-queue opens. Each save draws a fresh CSPRNG seed and publishes its SHA-256 (nothing was revealed yet), so
 * the order of the queue is fixed before anyone can join it.
 */
export async function setPackDrop(ctx: AppContext, staff: StaffIdentity, draftId: number, input: DropSettingsInput) {
  const now = ctx.clock.now();
  const settings = {
    prequeueMinutes: input.prequeue_minutes,
    admitPerMinute: input.admit_per_minute,
    stayMinutes: input.stay_minutes,
  };
  await withAudit(ctx, staff, { action: 'pack.drop', targetType: 'pack', targetId: draftId }, async (tx) => {
    const packId = await publishedPackId(ctx, draftId, tx);
    const pack = await findPack(tx, packId);
    if (!pack) throw notFound();
    const before = await lockDrop(tx, packId, 'UPDATE');
    const times = { startsAt: pack.start_date, ...settings };
    // Neither the old window nor the new one may have opened: a queue that members could join stays as it is.
    const opened = (before && dropPhase(timesOf(before), now) !== 'not_open') || dropPhase(times, now) !== 'not_open';
    if (opened) throw new AppError('conflict', { general: ['dropAlreadyOpen'] }, 'drop_open');
    const seed = randomBytes(32);
    const seedHash = seedCommitment(seed.toString('hex'));
    await saveDrop(tx, packId, { ...settings, seed, seedHash });
    const after = {
      prequeue_minutes: input.prequeue_minutes,
      admit_per_minute: input.admit_per_minute,
      stay_minutes: input.stay_minutes,
      seed_hash: seedHash,
    };
    return { before: before && { ...dropInfo(before), seed: undefined }, after, result: null };
  });
  ctx.packs.drops.clear();
}
