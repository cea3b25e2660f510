import { RANK_ORDER, type Rank } from '../contract/packs.ts';

/**
 * A pack's economics as the console builds it and the server publishes it (issue 21 item 6, ADR 0045): what a draw
 * is worth on average, how much of the takings go back to members (還元率), where the value sits by rank, and what
 * the shop keeps if the pack sells out. Values are the cards' buy-back points (1 point = 1 yen) and the price is the
 * pack's per-draw price; everything is integer arithmetic, shares and rates in basis points (1/10,000), so the
 * console's live panel and the server's publish step print the very same figures.
 */

export interface EconomicsLine {
  rank: Rank;
  /** Tickets of this card. */
  count: number;
  /** One copy's value (the card's buy_point). */
  value: number;
}

export interface EconomicsInput {
  lines: readonly EconomicsLine[];
  /** Price of one draw. */
  price: number;
  /** The last-one prize's value (ADR 0028), or null without one; it is given on top of the tickets. */
  lastOneValue: number | null;
}

export interface RankEconomics {
  rank: Rank;
  tickets: number;
  /** Share of all tickets, basis points; null when there are no tickets. */
  ticketShareBp: number | null;
  value: number;
  /** Share of the lineup's value, basis points; null when the lineup is worth 0. */
  valueShareBp: number | null;
}

export interface PackEconomics {
  tickets: number;
  /** Σ value × count over the lineup (the last-one prize left out: no ticket draws it). */
  lineupValue: number;
  lastOneValue: number;
  /** Expected value of one draw, yen rounded half up; null with no tickets. */
  evPerDraw: number | null;
  /** 還元率 = EV / price, basis points; null with no tickets or no price. */
  returnRateBp: number | null;
  byRank: RankEconomics[];
  /** Takings if every ticket sells at the price. */
  takings: number;
  /** Takings − lineup value − last-one prize: what the shop keeps after the cards (negative: a loss). */
  margin: number;
  /** The last-one prize's share of all value given (lineup + prize), basis points; null when both are 0. */
  lastOneShareBp: number | null;
}

/** n × scale / d rounded half up, for whole n ≥ 0 and d > 0, exact past 2^53 on the way (BigInt). */
export function roundDiv(n: number, d: number, scale = 1): number {
  const big = BigInt(d);
  return Number((BigInt(n) * BigInt(scale) * 2n + big) / (2n * big));
}

/** part / whole in basis points, or null when whole is 0. */
const shareBp = (part: number, whole: number) => (whole > 0 ? roundDiv(part, whole, 10_000) : null);

/** Counts and values below 0 or not whole (a half-typed form) count as 0, so the panel never shows NaN. */
const whole = (n: number) => (Number.isSafeInteger(n) && n > 0 ? n : 0);

export function packEconomics(input: EconomicsInput): PackEconomics {
  const price = whole(input.price);
  const lastOneValue = whole(input.lastOneValue ?? 0);
  const byRank = RANK_ORDER.map((rank) => ({ rank, tickets: 0, value: 0 }));
  for (const l of input.lines) {
    const r = byRank[RANK_ORDER.indexOf(l.rank)];
    if (!r) continue;
    const count = whole(l.count);
    r.tickets += count;
    r.value += count * whole(l.value);
  }
  const tickets = byRank.reduce((s, r) => s + r.tickets, 0);
  const lineupValue = byRank.reduce((s, r) => s + r.value, 0);
  const takings = price * tickets;
  return {
    tickets,
    lineupValue,
    lastOneValue,
    evPerDraw: tickets > 0 ? roundDiv(lineupValue, tickets) : null,
    returnRateBp: takings > 0 ? roundDiv(lineupValue, takings, 10_000) : null,
    byRank: byRank.map((r) => ({
      ...r,
      ticketShareBp: shareBp(r.tickets, tickets),
      valueShareBp: shareBp(r.value, lineupValue),
    })),
    takings,
    margin: takings - lineupValue - lastOneValue,
    lastOneShareBp: shareBp(lastOneValue, lineupValue + lastOneValue),
  };
}

/** The return rates a shop expects of a pack, basis points (configured on the server, PACK_RETURN_RATE_MIN/MAX). */
export interface ReturnRateBand {
  minBp: number;
  maxBp: number;
}

/** A pack whose return rate is outside the band: a warning for the operator, never a refusal. */
export function returnRateWarning(e: PackEconomics, band: ReturnRateBand): 'returnRateLow' | 'returnRateHigh' | null {
  if (e.returnRateBp === null) return null;
  if (e.returnRateBp < band.minBp) return 'returnRateLow';
  if (e.returnRateBp > band.maxBp) return 'returnRateHigh';
  return null;
}

/** Basis points as a percentage text with one decimal ('85.3'). */
export const bpPercent = (bp: number) => (bp / 100).toFixed(1);

/** The economics with the band's warning: the console's live panel and the server's pack detail both answer this. */
export interface BandedEconomics extends PackEconomics {
  band: ReturnRateBand;
  warning: 'returnRateLow' | 'returnRateHigh' | null;
}

/** A lineup whose lines carry their cards' buy_point, at a price, with an optional last-one prize's value. */
export function lineupEconomics(
  lineup: readonly { rank: Rank; count: number; buy_point: number }[],
  price: number,
  lastOneValue: number | null,
  band: ReturnRateBand,
): BandedEconomics {
  const e = packEconomics({ lines: lineup.map((l) => ({ ...l, value: l.buy_point })), price, lastOneValue });
  return { ...e, band, warning: returnRateWarning(e, band) };
}
