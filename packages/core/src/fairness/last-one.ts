import type { LastOneAward } from './contract.ts';

export interface LastOneCheck {
  /** The pack's last-one card as published before the sale; null when the pack has none. */
  prizeCardId: number | null;
  /** The pack's ticket count, and how many of its tickets are drawn. */
  total: number;
  drawn: number;
  /** Every award recorded for the pack (the database allows one; a verifier counts what it is shown). */
  awards: readonly LastOneAward[];
}

/**
 * The last-one rule (ADR 0028), as a verifier checks it: a pack with a prize awards it exactly once, when its
 * final ticket is drawn, to the purchase that drew that ticket, and gives the card it named before the sale; a
 * pack without one awards nothing. Answers the problems found (none: the rule held).
 */
export function lastOneProblems(c: LastOneCheck): string[] {
  const problems: string[] = [];
  if (c.prizeCardId === null) {
    if (c.awards.length > 0) problems.push(`the pack names no last-one prize, but ${c.awards.length} was awarded`);
    return problems;
  }
  const soldOut = c.drawn === c.total;
  if (!soldOut) {
    if (c.awards.length > 0) problems.push(`the last-one prize was awarded with ${c.total - c.drawn} tickets left`);
    return problems;
  }
  if (c.awards.length !== 1) {
    problems.push(`the last-one prize was awarded ${c.awards.length} times after the sell-out, not once`);
  }
  for (const a of c.awards) {
    if (a.card_id !== c.prizeCardId) {
      problems.push(`the last-one award is card ${a.card_id}, the published prize card ${c.prizeCardId}`);
    }
    if (a.last_ticket !== c.total) {
      problems.push(
        `the last-one prize went to the purchase of tickets ${a.first_ticket}-${a.last_ticket}, ` +
          `not to the one that drew the final ticket ${c.total}`,
      );
    }
  }
  return problems;
}
