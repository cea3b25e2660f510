import { RANK_ORDER, type FieldErrors, type Rank } from '@oripa/core';
import {
  adminMsg as msg,
  FROZEN_AFTER_PUBLISH,
  lineupEconomics,
  publishProblems,
  type AdminPackStatus,
  type LineupEntry,
  type PackDraftInput,
} from '@oripa/core/admin';
import type { AppContext } from '../../../context.ts';
import { AppError, notFound } from '../../../app-error.ts';
import { cardsByIds, type MasterCardRow } from '../../../db/queries/admin-cards.ts';
import {
  closePackNow,
  findConsolePack,
  insertDraft,
  listConsolePacks,
  lockDraft,
  PACK_SORTS,
  packTakings,
  publishedRankTotals,
  updateDraft,
  updatePublishedPack,
  type ConsolePackRow,
  type DraftRow,
  type DraftValues,
  type PackSort,
} from '../../../db/queries/admin-packs.ts';
import { lastOneAward, packCards, revealPacks, type CardRow, type LastOneAwardRow } from '../../../db/queries/packs.ts';
import { lineupCards, publishPack } from '../../packs/pack-publishing.ts';
import { withAudit } from '../audit.ts';
import type { StaffIdentity } from '../staff-sessions.ts';

export const PACKS_PER_PAGE = 50;
/** The sort keys the pack list takes (the console's table asks by these). */
export const PACK_SORT_KEYS = Object.keys(PACK_SORTS) as [PackSort, ...PackSort[]];

const conflict = (key: string, reason: string) => new AppError('conflict', { general: [key] }, reason);

const draftValues = (d: PackDraftInput): DraftValues => ({
  card_type: d.card_type,
  name_ja: d.name_ja,
  name_en: d.name_en,
  detail_ja: d.detail_ja,
  detail_en: d.detail_en,
  images: d.images,
  point: d.point,
  payment_method: d.payment_method,
  max_buy_count: d.max_buy_count,
  rank_limit: d.rank_limit,
  sms_only: d.sms_only,
  show_cardlist: d.show_cardlist,
  start_date: d.start_date,
  end_date: d.end_date,
  total_tickets: d.total_tickets,
  lineup: d.lineup.map((e) => ({ card_id: e.card_id, rank: e.rank, count: e.count })),
  last_one_card_id: d.last_one_card_id ? Number(d.last_one_card_id) : null,
  sort: d.sort,
});

/** A stored draft row as the schema's output (it was validated when saved). */
const asInput = (d: DraftRow): PackDraftInput => ({
  ...d,
  lineup: d.lineup.map((e) => ({ card_id: Number(e.card_id), rank: e.rank, count: Number(e.count) })),
  last_one_card_id: d.last_one_card_id === null ? null : Number(d.last_one_card_id),
});

/** Lineup cards missing from the master answer as unknown (lineupProblems names them). */
async function masterCards(ctx: AppContext, d: Pick<PackDraftInput, 'lineup' | 'last_one_card_id'>) {
  const ids = d.lineup.map((e) => e.card_id);
  if (d.last_one_card_id) ids.push(Number(d.last_one_card_id));
  const rows = ids.length ? await cardsByIds(ctx.db.pool, ids) : [];
  return new Map(rows.map((r) => [Number(r.id), r]));
}

function unknownCards(d: PackDraftInput, cards: Map<number, MasterCardRow>): FieldErrors {
  const missing = d.lineup.find((e) => !cards.has(e.card_id));
  if (missing) return { lineup: [msg('lineupUnknownCard', { card_id: missing.card_id })] };
  const lastOne = Number(d.last_one_card_id || 0);
  if (lastOne && !cards.has(lastOne)) return { last_one_card_id: [msg('lineupUnknownCard', { card_id: lastOne })] };
  return {};
}

export function listPacks(
  ctx: AppContext,
  q: { status: AdminPackStatus | null; search: string; sort: PackSort; desc: boolean; limit: number; offset: number },
) {
  return listConsolePacks(ctx.db.pool, { ...q, now: ctx.clock.now() });
}

export interface ConsolePack {
  row: ConsolePackRow;
  cards: Map<number, MasterCardRow>;
  /** The published lineup as it is on sale (null for a draft). */
  published: CardRow[] | null;
  figures: {
    remainingByRank: Record<Rank, number>;
    soldByRank: Record<Rank, number>;
    takings: Awaited<ReturnType<typeof packTakings>>;
    /** Who won the last-one prize (ADR 0028), once the final ticket is drawn. */
    lastOne: LastOneAwardRow | null;
  } | null;
}

export async function getPack(ctx: AppContext, id: number): Promise<ConsolePack> {
  const row = await findConsolePack(ctx.db.pool, id, ctx.clock.now());
  if (!row) throw notFound();
  const cards = await masterCards(ctx, asInput(row));
  if (row.pack_id === null) return { row, cards, published: null, figures: null };
  const packId = Number(row.pack_id);
  const [cardsOnSale, totals, takings, lastOne] = await Promise.all([
    packCards(ctx.db.pool, packId),
    publishedRankTotals(ctx.db.pool, packId),
    packTakings(ctx.db.pool, packId),
    lastOneAward(ctx.db.pool, packId),
  ]);
  // The lineup as it is on sale; the last-one prize has no tickets and is named by last_one_card_id instead.
  const published = cardsOnSale.filter((c) => !c.last_one);
  const drawn: Record<Rank, number> = {
    S: row.drawn_s ?? 0,
    A: row.drawn_a ?? 0,
    B: row.drawn_b ?? 0,
    C: row.drawn_c ?? 0,
  };
  const remainingByRank = Object.fromEntries(
    RANK_ORDER.map((r) => [r, (totals.find((t) => t.rank === r)?.n ?? 0) - drawn[r]]),
  ) as Record<Rank, number>;
  return { row, cards, published, figures: { remainingByRank, soldByRank: drawn, takings, lastOne } };
}

/** A new draft (audited): the schema has already checked the sale window and that the lineup adds up. */
export async function createDraft(ctx: AppContext, staff: StaffIdentity, input: PackDraftInput): Promise<number> {
  const cards = await masterCards(ctx, input);
  const unknown = unknownCards(input, cards);
  if (Object.keys(unknown).length) throw new AppError('validation', unknown, 'unknown_card');
  const v = draftValues(input);
  return withAudit(ctx, staff, { action: 'pack.draft.create', targetType: 'pack', targetId: null }, async (tx) => {
    const id = await insertDraft(tx, v, ctx.clock.now(), null);
    return { before: null, after: { id, ...v }, result: id };
  });
}

const sameLineup = (a: readonly LineupEntry[], b: readonly LineupEntry[]) => {
  const key = (l: readonly LineupEntry[]) =>
    JSON.stringify([...l].map((e) => [Number(e.card_id), e.rank, Number(e.count)]).sort());
  return key(a) === key(b);
};

/** The first frozen field a change to a published pack touches, or null. */
function frozenChange(stored: PackDraftInput, next: PackDraftInput): string | null {
  const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');
  for (const field of FROZEN_AFTER_PUBLISH) {
    const changed = field === 'lineup' ? !sameLineup(stored.lineup, next.lineup) : !same(stored[field], next[field]);
    if (changed) return field;
  }
  return null;
}

/**
 * Saves the console form. A draft takes every field. A published pack takes only what does not touch fairness —
 * names, descriptions, images, schedule, limits, order; a changed lineup, ticket count, last-one prize, price,
 * currency or card type is refused (409, nothing changed), as is removing every image.
 */
export async function saveDraft(ctx: AppContext, staff: StaffIdentity, id: number, input: PackDraftInput) {
  const cards = await masterCards(ctx, input);
  const next = draftValues(input);
  await withAudit(ctx, staff, { action: 'pack.update', targetType: 'pack', targetId: id }, async (tx) => {
    const stored = await lockDraft(tx, id);
    if (!stored) throw notFound();
    if (stored.pack_id === null) {
      const unknown = unknownCards(input, cards);
      if (Object.keys(unknown).length) throw new AppError('validation', unknown, 'unknown_card');
    } else {
      const field = frozenChange(asInput(stored), input);
      if (field) throw new AppError('conflict', { [field]: [msg('packFrozen', { field })] }, 'pack_frozen');
      if (input.images.length === 0) throw AppError.validation('images', 'publishNoImages', 'no_images');
      if (!input.start_date) throw AppError.validation('start_date', 'publishNoStart', 'no_start');
      await updatePublishedPack(tx, Number(stored.pack_id), { ...next, start_date: input.start_date });
    }
    await updateDraft(tx, id, next, ctx.clock.now());
    return { before: stored, after: next, result: null };
  });
}

/**
 * Publishes a draft through the one publication service (services/packs/pack-publishing.ts, also the demo
 * seed's): every rule of core publishProblems first (400 with every problem, nothing written), then, in one
 * audited transaction, the seed, the tickets, the commitment and the draft marked published. `seedHex` is for
 * tests only.
 */
export async function publishDraft(ctx: AppContext, staff: StaffIdentity, id: number, seedHex?: string) {
  return withAudit(ctx, staff, { action: 'pack.publish', targetType: 'pack', targetId: id }, async (tx) => {
    const stored = await lockDraft(tx, id);
    if (!stored) throw notFound();
    if (stored.pack_id !== null) throw conflict('alreadyPublished', 'already_published');
    const d = asInput(stored);
    const cards = await masterCards(ctx, d);
    const problems = publishProblems(d, cards, ctx.clock.now());
    if (problems.length) {
      const fields: FieldErrors = {};
      for (const p of problems) (fields[p.field] ??= []).push(p.message);
      throw new AppError('validation', fields, 'publish_refused');
    }
    const packId = await publishPack(tx, {
      cardType: d.card_type,
      nameJa: d.name_ja,
      nameEn: d.name_en,
      detailJa: d.detail_ja,
      detailEn: d.detail_en,
      images: d.images,
      point: d.point,
      paymentMethod: d.payment_method,
      maxBuyCount: d.max_buy_count,
      rankLimit: d.rank_limit,
      smsOnly: d.sms_only,
      showCardlist: d.show_cardlist,
      startDate: d.start_date!,
      endDate: d.end_date,
      lastOneCardId: d.last_one_card_id ? Number(d.last_one_card_id) : null,
      sort: d.sort,
      cards: await lineupCards(tx, d.lineup),
      draftId: id,
      seedHex,
      now: ctx.clock.now(),
    });
    // The figures the operator confirmed in the publish step, from the same core arithmetic, kept in the audit.
    const lastOne = cards.get(Number(d.last_one_card_id || 0))?.buy_point ?? null;
    const lines = d.lineup.map((e) => ({ ...e, buy_point: cards.get(e.card_id)!.buy_point }));
    const e = lineupEconomics(lines, d.point, lastOne, ctx.config.packReturnRateBand);
    const economics = {
      ev_per_draw: e.evPerDraw,
      return_rate_bp: e.returnRateBp,
      margin: e.margin,
      warning: e.warning,
    };
    return { before: { status: 'draft' }, after: { status: 'published', pack_id: packId, economics }, result: packId };
  });
}

/** Ends a published pack's sale now and reveals its seed (audited). */
export async function closePack(ctx: AppContext, staff: StaffIdentity, id: number) {
  const now = ctx.clock.now();
  await withAudit(ctx, staff, { action: 'pack.close', targetType: 'pack', targetId: id }, async (tx) => {
    const stored = await lockDraft(tx, id);
    if (!stored) throw notFound();
    if (stored.pack_id === null) throw notFound();
    if (!(await closePackNow(tx, Number(stored.pack_id), now))) throw conflict('alreadyClosed', 'already_closed');
    const [revealed] = await revealPacks(tx, [Number(stored.pack_id)], now);
    return { before: { closed: false }, after: { closed_at: now, seed_revealed: Boolean(revealed) }, result: null };
  });
}

/** A new draft with the same lineup, texts and settings; no schedule (audited). */
export async function cloneDraft(ctx: AppContext, staff: StaffIdentity, id: number): Promise<number> {
  const found = await findConsolePack(ctx.db.pool, id, ctx.clock.now());
  if (!found) throw notFound();
  const v: DraftValues = {
    ...draftValues(asInput(found)),
    name_ja: `${found.name_ja}（コピー）`.slice(0, 100),
    name_en: `${found.name_en} (copy)`.slice(0, 100),
    start_date: null,
    end_date: null,
  };
  return withAudit(ctx, staff, { action: 'pack.clone', targetType: 'pack', targetId: id }, async (tx) => {
    const newId = await insertDraft(tx, v, ctx.clock.now(), id);
    return { before: null, after: { id: newId, cloned_from: id }, result: newId };
  });
}
