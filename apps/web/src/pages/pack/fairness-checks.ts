import {
  canonicalTickets,
  drawOrderGap,
  lastOneProblems,
  seedCommitment,
  ticketSequence,
  type PackFairnessReply,
  type LineupCard,
  type Rank,
} from '@oripa/core';

export type CheckId = 'commitment' | 'published' | 'lineup' | 'total' | 'draws' | 'unique' | 'order' | 'lastOne';
export interface CheckResult {
  id: CheckId;
  ok: boolean;
  /** Values for the message (counts, hashes). */
  values: Record<string, string | number>;
}

/**
 * The browser verification of a revealed pack, one verdict per check: the seed matches its commitment and the hash
 * shown on the pack page; the verifier's lineup is the published one; the ticket count is the pack's total; every
 * logged draw is the ticket the re-derived sequence holds there; no ticket was drawn twice; the draws took the
 * tickets in order from the front, skipping none; and, for a pack with a last-one prize, that it went once, as
 * published, to the purchase that drew the final ticket (ADR 0028).
 */
export function runFairnessChecks(
  f: PackFairnessReply,
  published: { seed_hash: string; lineup: Record<Rank, LineupCard[]> } | null,
): CheckResult[] {
  const seed = f.fairness.seed ?? '';
  const results: CheckResult[] = [];
  const validSeed = /^[0-9a-f]{64}$/i.test(seed);
  const computed = validSeed ? seedCommitment(seed) : '';
  results.push({
    id: 'commitment',
    ok: validSeed && computed === f.fairness.seed_hash.toLowerCase(),
    values: { computed },
  });
  if (published) {
    results.push({
      id: 'published',
      ok: published.seed_hash.toLowerCase() === f.fairness.seed_hash.toLowerCase(),
      values: { hash: published.seed_hash },
    });
    const shown = new Map(
      Object.values(published.lineup)
        .flat()
        .map((c) => [c.id, c]),
    );
    const same =
      shown.size === f.cards.length &&
      f.cards.every((c) => shown.get(c.id)?.set_count === c.set_count && shown.get(c.id)?.rank === c.rank);
    results.push({ id: 'lineup', ok: same, values: { cards: f.cards.length } });
  }
  const tickets = canonicalTickets(f.cards).length;
  results.push({ id: 'total', ok: tickets === f.total_pack_count, values: { tickets, total: f.total_pack_count } });
  if (!validSeed) return results;
  const sequence = ticketSequence(f.cards, seed);
  const rankOf = new Map(f.cards.map((c) => [c.id, c.rank]));
  const bad = f.draws.filter((d) => {
    const cardId = sequence[d.ticket_no - 1];
    return cardId === undefined || cardId !== d.card_id || rankOf.get(cardId) !== d.rank;
  });
  results.push({
    id: 'draws',
    ok: bad.length === 0,
    values: { checked: f.draws.length, bad: bad.length, first: bad[0]?.ticket_no ?? 0 },
  });
  const unique = new Set(f.draws.map((d) => d.ticket_no)).size === f.draws.length;
  results.push({ id: 'unique', ok: unique, values: { checked: f.draws.length } });
  const gap = drawOrderGap(f.draws.map((d) => d.ticket_no));
  results.push({ id: 'order', ok: gap === null, values: { checked: f.draws.length, highest: gap ?? f.draws.length } });
  if (f.last_one) {
    const award = f.last_one.award;
    const problems = lastOneProblems({
      prizeCardId: f.last_one.card_id,
      total: f.total_pack_count,
      drawn: new Set(f.draws.map((d) => d.ticket_no)).size,
      awards: award ? [award] : [],
    });
    results.push({
      id: 'lastOne',
      ok: problems.length === 0,
      values: { total: f.total_pack_count, first: award?.first_ticket ?? 0, last: award?.last_ticket ?? 0 },
    });
  }
  return results;
}
