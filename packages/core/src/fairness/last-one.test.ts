import { describe, expect, it } from 'vitest';
import { lastOneProblems } from './last-one.ts';

const award = (card_id: number, first_ticket: number, last_ticket: number) => ({ card_id, first_ticket, last_ticket });

describe('lastOneProblems', () => {
  it('accepts one award of the published card to the purchase that ends at the final ticket', () => {
    expect(lastOneProblems({ prizeCardId: 9, total: 10, drawn: 10, awards: [award(9, 7, 10)] })).toEqual([]);
    expect(lastOneProblems({ prizeCardId: 9, total: 10, drawn: 4, awards: [] })).toEqual([]);
    expect(lastOneProblems({ prizeCardId: null, total: 10, drawn: 10, awards: [] })).toEqual([]);
  });

  it('names an award to another purchase, of another card, twice, missing, early, or from a pack without one', () => {
    expect(lastOneProblems({ prizeCardId: 9, total: 10, drawn: 10, awards: [award(9, 1, 6)] })[0]).toMatch(
      /tickets 1-6, not to the one that drew the final ticket 10/,
    );
    expect(lastOneProblems({ prizeCardId: 9, total: 10, drawn: 10, awards: [award(8, 7, 10)] })[0]).toMatch(
      /card 8, the published prize card 9/,
    );
    expect(
      lastOneProblems({ prizeCardId: 9, total: 10, drawn: 10, awards: [award(9, 7, 10), award(9, 7, 10)] })[0],
    ).toMatch(/2 times/);
    expect(lastOneProblems({ prizeCardId: 9, total: 10, drawn: 10, awards: [] })[0]).toMatch(/0 times/);
    expect(lastOneProblems({ prizeCardId: 9, total: 10, drawn: 9, awards: [award(9, 7, 9)] })[0]).toMatch(
      /1 tickets left/,
    );
    expect(lastOneProblems({ prizeCardId: null, total: 10, drawn: 10, awards: [award(9, 7, 10)] })[0]).toMatch(
      /names no last-one prize/,
    );
  });
});
