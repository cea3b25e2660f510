import { describe, expect, it } from 'vitest';
import { combinedPickList } from './combined-pick-list.ts';

const card = (name: string, model_number: string, rank = 'A') => ({
  name,
  model_number,
  rank,
  image_url: `/img/${model_number || name}.png`,
});

describe('combinedPickList', () => {
  it('groups every parcel line by card, with the total and each parcel once with its count, in model order', () => {
    const fox = card('Ember Fox', 'DS-010');
    const drake = card('Aqua Drake', 'DS-002', 'S');
    const gift = card('Star Token', '', '');
    const list = combinedPickList([
      { id: 7, lines: [fox, drake, fox] },
      { id: 9, lines: [gift, fox] },
      { id: 12, lines: [drake] },
    ]);
    expect(list).toEqual([
      {
        ...drake,
        count: 2,
        parcels: [
          { id: 7, count: 1 },
          { id: 12, count: 1 },
        ],
      },
      {
        ...fox,
        count: 3,
        parcels: [
          { id: 7, count: 2 },
          { id: 9, count: 1 },
        ],
      },
      { ...gift, count: 1, parcels: [{ id: 9, count: 1 }] },
    ]);
    expect(list.reduce((n, c) => n + c.count, 0)).toBe(6);
  });

  it('orders model numbers as numbers (DS-9 before DS-10) and keeps two names of one model apart', () => {
    const list = combinedPickList([{ id: 1, lines: [card('B', 'DS-10'), card('A', 'DS-9'), card('C', 'DS-10')] }]);
    expect(list.map((c) => `${c.model_number} ${c.name}`)).toEqual(['DS-9 A', 'DS-10 B', 'DS-10 C']);
    expect(combinedPickList([])).toEqual([]);
  });
});
