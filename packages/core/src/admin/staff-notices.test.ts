import { describe, expect, it } from 'vitest';
import { staffEventKindsFor, staffEventLink, staffNoticeReadSchema } from './staff-notices.ts';

describe('who is told of what (ADR 0046)', () => {
  it('follows ROLE_PERMISSIONS', () => {
    expect(staffEventKindsFor('owner')).toEqual([
      'pack.sold_out',
      'mail.failed',
      'parcel.held',
      'transfer.waiting',
      'approval.waiting',
    ]);
    expect(staffEventKindsFor('operator')).toEqual(['pack.sold_out']);
    expect(staffEventKindsFor('shipping')).toEqual(['parcel.held']);
    expect(staffEventKindsFor('support')).toEqual(['mail.failed']);
  });

  it('links each notice to its thing', () => {
    expect(staffEventLink('pack.sold_out', 4, {})).toBe('/admin/packs/4');
    expect(staffEventLink('mail.failed', 77, { member_id: 12 })).toBe('/admin/members/12');
    expect(staffEventLink('mail.failed', 77, { member_id: null })).toBe('/admin/members');
    expect(staffEventLink('parcel.held', 5, {})).toBe('/admin/shipments/5');
  });

  it('reads ids as a comma list or all up to an id, and nothing else', () => {
    expect(staffNoticeReadSchema.parse({ ids: '3,4' })).toEqual({ ids: [3, 4] });
    expect(staffNoticeReadSchema.parse({ up_to: '9' })).toEqual({ up_to: 9 });
    for (const bad of [{}, { ids: '' }, { ids: '1,x' }, { ids: '0' }, { up_to: -1 }, { ids: ['1'] }]) {
      expect(staffNoticeReadSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
