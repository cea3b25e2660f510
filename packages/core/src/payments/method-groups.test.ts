import { describe, expect, it } from 'vitest';
import { PAY_IDS } from '../contract/payments.ts';
import { groupMethods, METHOD_GROUP_OF, methodGroup } from './method-groups.ts';

describe('payment method groups', () => {
  it('puts every id the lead decided in its group', () => {
    const byGroup = (g: string) =>
      Object.entries(METHOD_GROUP_OF)
        .filter(([, v]) => v === g)
        .map(([k]) => Number(k))
        .sort((a, b) => a - b);
    expect(byGroup('card')).toEqual([1, 7, 12, 14]);
    expect(byGroup('smartphone')).toEqual([3, 5, 8, 10, 11, 13]);
    // LINE Pay (9) is retired (ADR 0041): should a server still list it, it is shown apart.
    expect(methodGroup(9)).toBe('other');
    expect(byGroup('combini')).toEqual([2]);
    expect(byGroup('bank')).toEqual([4]);
    expect(byGroup('carrier')).toEqual([6]);
  });

  it('knows every id of the pay list', () => {
    for (const id of PAY_IDS) expect(methodGroup(id)).not.toBe('other');
  });

  it('puts an id it does not know under other', () => {
    expect(methodGroup(99)).toBe('other');
  });

  it('keeps the group order and the server order within a group, and leaves out empty groups', () => {
    const list = [1, 7, 2, 4, 6, 3, 5, 12, 8, 99, 10].map((id) => ({ id }));
    expect(groupMethods(list).map((g) => [g.group, g.methods.map((m) => m.id)])).toEqual([
      ['card', [1, 7, 12]],
      ['smartphone', [3, 5, 8, 10]],
      ['combini', [2]],
      ['bank', [4]],
      ['carrier', [6]],
      ['other', [99]],
    ]);
    expect(groupMethods([{ id: 4 }])).toEqual([{ group: 'bank', methods: [{ id: 4 }] }]);
  });
});
