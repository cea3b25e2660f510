import { RANK_ORDER, type Rank } from '../contract/packs.ts';

/**
 * A pack's lineup as the console builds it: master cards per rank with their ticket counts. The one statement of
 * what a lineup must satisfy; the draft form, the draft save and the publication all use it.
 */
export interface LineupEntry {
  card_id: number;
  rank: Rank;
  count: number;
}

/** A pack of more tickets than this is refused (a real box holds hundreds to a few tens of thousands). */
export const MAX_PACK_TICKETS = 100_000;

export type LineupProblem =
  | { key: 'lineupEmpty' }
  | { key: 'lineupCount'; index: number }
  | { key: 'lineupDuplicate'; card_id: number }
  | { key: 'lineupUnknownCard'; card_id: number }
  | { key: 'lineupTooLarge'; max: number }
  | { key: 'lineupTotalMismatch'; sum: number; total: number };

/** Tickets per rank (every rank present, 0 when absent). */
export function rankTotals(lineup: readonly LineupEntry[]): Record<Rank, number> {
  const out = Object.fromEntries(RANK_ORDER.map((r) => [r, 0])) as Record<Rank, number>;
  for (const e of lineup) out[e.rank] += e.count;
  return out;
}

/**
 * Every problem of a lineup, in a fixed order: empty; a count that is not a whole number from 1 up; a card
 * twice; a card the master does not know (when `knownCards` is given); more than MAX_PACK_TICKETS; counts that do
 * not add up to the declared total. An empty answer means the lineup is sound.
 */
export function lineupProblems(
  lineup: readonly LineupEntry[],
  total: number,
  knownCards?: ReadonlySet<number>,
): LineupProblem[] {
  const out: LineupProblem[] = [];
  if (lineup.length === 0) out.push({ key: 'lineupEmpty' });
  const seen = new Set<number>();
  let sum = 0;
  lineup.forEach((e, index) => {
    if (!Number.isSafeInteger(e.count) || e.count < 1) out.push({ key: 'lineupCount', index });
    else sum += e.count;
    if (seen.has(e.card_id)) out.push({ key: 'lineupDuplicate', card_id: e.card_id });
    seen.add(e.card_id);
    if (knownCards && !knownCards.has(e.card_id)) out.push({ key: 'lineupUnknownCard', card_id: e.card_id });
  });
  if (sum > MAX_PACK_TICKETS) out.push({ key: 'lineupTooLarge', max: MAX_PACK_TICKETS });
  if (lineup.length > 0 && sum !== total) out.push({ key: 'lineupTotalMismatch', sum, total });
  return out;
}

/** A problem as a message reference of the i18n table (`key|{params}`). */
export function lineupProblemMessage(p: LineupProblem): string {
  const { key, ...params } = p;
  return Object.keys(params).length ? `${key}|${JSON.stringify(params)}` : key;
}
