import { describe, expect, it } from 'vitest';
import { maskMemberName, packCheckSchema, packDecisionSchema, rarityLabel } from './pack-input.ts';

describe('pack inputs', () => {
  it('accepts 1..3000 and "all" and rejects everything else the issue lists', () => {
    for (const count of [1, 10, 100, 3000, 'all']) {
      expect(packCheckSchema.safeParse({ pack_id: 1, count }).success).toBe(true);
    }
    for (const count of [0, -1, 3001, 'ALL', 1.5, '10', 'ten', null, undefined, [1], {}]) {
      const r = packCheckSchema.safeParse({ pack_id: 1, count });
      expect(r.success, String(count)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('drawCountInvalid');
    }
    expect(packCheckSchema.safeParse({ pack_id: 'x', count: 1 }).success).toBe(false);
  });

  it('refuses an empty, duplicated or overlapping decision', () => {
    expect(packDecisionSchema.safeParse({ send_card: [1], reduction_card: [2] }).success).toBe(true);
    expect(packDecisionSchema.safeParse({ send_card: [], reduction_card: [] }).success).toBe(false);
    expect(packDecisionSchema.safeParse({ send_card: [1, 1], reduction_card: [] }).success).toBe(false);
    const overlap = packDecisionSchema.safeParse({ send_card: [1, 2], reduction_card: [2] });
    expect(overlap.error?.issues[0]?.message).toBe('decisionOverlap');
    expect(packDecisionSchema.safeParse({ send_card: ['1; DROP TABLE'], reduction_card: [] }).success).toBe(false);
  });

  it('masks names and labels rarities', () => {
    expect(maskMemberName('山田花子')).toBe('山田***');
    expect(maskMemberName('A')).toBe('A***');
    expect(maskMemberName('')).toBe('***');
    expect(rarityLabel(3)).toBe('ultraRare');
    expect(rarityLabel(9)).toBe('normal');
  });
});
