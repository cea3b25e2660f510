import { seedCommitment, ticketSequence, type PackFairnessReply } from '@oripa/core';
import { describe, expect, it } from 'vitest';
import { runFairnessChecks } from './fairness-checks';

const seed = '0f'.repeat(32);
const cards = [
  { id: 1, rank: 'S' as const, set_count: 1 },
  { id: 2, rank: 'A' as const, set_count: 3 },
  { id: 3, rank: 'C' as const, set_count: 6 },
];
const sequence = ticketSequence(cards, seed);
const rankOf = (id: number) => cards.find((c) => c.id === id)!.rank;

function reply(over: Partial<PackFairnessReply> = {}): PackFairnessReply {
  return {
    pack_id: 1,
    total_pack_count: 10,
    fairness: { seed_hash: seedCommitment(seed), seed, revealed_at: '2026-11-21 10:00:00', algorithm: 'x' },
    cards,
    draws: sequence.slice(0, 4).map((id, i) => ({ ticket_no: i + 1, rank: rankOf(id), card_id: id, created: '' })),
    ...over,
  };
}

const verdicts = (r: PackFairnessReply) => Object.fromEntries(runFairnessChecks(r, null).map((c) => [c.id, c.ok]));

describe('runFairnessChecks', () => {
  it('passes an honest pack', () => {
    expect(verdicts(reply())).toEqual({ commitment: true, total: true, draws: true, unique: true, order: true });
  });

  it('catches a seed that is not the committed one', () => {
    const r = reply();
    expect(verdicts({ ...r, fairness: { ...r.fairness, seed_hash: seedCommitment('aa'.repeat(32)) } }).commitment).toBe(
      false,
    );
  });

  it('catches a logged draw that the sequence does not hold, and a ticket drawn twice', () => {
    const r = reply();
    const wrong = sequence.findIndex((id) => id !== r.draws[0]!.card_id);
    const tampered = { ...r.draws[0]!, card_id: sequence[wrong]! };
    expect(verdicts({ ...r, draws: [tampered, ...r.draws.slice(1)] }).draws).toBe(false);
    expect(verdicts({ ...r, draws: [...r.draws, r.draws[0]!] }).unique).toBe(false);
  });

  it('catches a ticket passed over: the draws must take tickets 1..n from the front', () => {
    const r = reply();
    const fifth = { ticket_no: 5, rank: rankOf(sequence[4]!), card_id: sequence[4]!, created: '' };
    const results = runFairnessChecks({ ...r, draws: [...r.draws.slice(0, 3), fifth] }, null);
    // Each draw is still the ticket the sequence holds there; only the order check sees ticket 4 was skipped.
    expect(Object.fromEntries(results.map((c) => [c.id, c.ok]))).toMatchObject({ draws: true, order: false });
    expect(results.find((c) => c.id === 'order')!.values).toEqual({ checked: 4, highest: 5 });
  });

  it('catches a lineup whose copies do not add up to the ticket count', () => {
    expect(verdicts(reply({ total_pack_count: 11 })).total).toBe(false);
  });

  it('compares with the lineup and hash shown on the pack page', () => {
    const shown = { seed_hash: seedCommitment(seed), lineup: { S: [], A: [], B: [], C: [] } };
    const byId = Object.fromEntries(runFairnessChecks(reply(), shown).map((c) => [c.id, c.ok]));
    expect(byId.published).toBe(true);
    expect(byId.lineup).toBe(false);
  });

  it('checks the last-one prize went to the purchase that drew the final ticket', () => {
    const all = sequence.map((id, i) => ({ ticket_no: i + 1, rank: rankOf(id), card_id: id, created: '' }));
    const sold = (award: { card_id: number; first_ticket: number; last_ticket: number } | null) =>
      verdicts(reply({ draws: all, last_one: { card_id: 9, award } })).lastOne;
    expect(sold({ card_id: 9, first_ticket: 8, last_ticket: 10 })).toBe(true);
    expect(sold({ card_id: 9, first_ticket: 1, last_ticket: 7 })).toBe(false);
    expect(sold({ card_id: 3, first_ticket: 8, last_ticket: 10 })).toBe(false);
    expect(sold(null)).toBe(false);
    // On sale, not awarded yet: nothing wrong; a pack without one has no such check.
    expect(verdicts(reply({ last_one: { card_id: 9, award: null } })).lastOne).toBe(true);
    expect(verdicts(reply())).not.toHaveProperty('lastOne');
  });
});
