import { describe, expect, it } from 'vitest';
import { adminMessages, adminMsg, translateAdminMessage } from './messages.ts';
import { can, PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES } from './permissions.ts';
import { adjustmentSchema, auditQuerySchema, MAX_ADJUSTMENT, phoneSearchDigits } from './validation.ts';

describe('admin messages', () => {
  it('has every key in both languages', () => {
    expect(Object.keys(adminMessages.en).sort()).toEqual(Object.keys(adminMessages.ja).sort());
  });
  it('fills parameters and falls back to the shop table', () => {
    expect(translateAdminMessage('en', adminMsg('amountTooLarge', { max: 5 }))).toBe('One adjustment can be at most 5');
    expect(translateAdminMessage('ja', 'required')).toBe('入力してください');
  });
});

describe('permission table', () => {
  it('only names known permissions, and the owner has them all', () => {
    for (const role of STAFF_ROLES) for (const p of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(p);
    for (const p of PERMISSIONS) expect(can('owner', p)).toBe(true);
    expect(ROLE_PERMISSIONS.shipping).toEqual(['fulfilment.read', 'fulfilment.write']);
  });
});

describe('adjustmentSchema', () => {
  const ok = (v: unknown) => adjustmentSchema.safeParse(v).success;
  it('takes a non-zero whole amount within the cap with a reason', () => {
    expect(ok({ currency: 'point', amount: -50, reason: 'refund' })).toBe(true);
    expect(ok({ currency: 'coin', amount: '+30', reason: 'x' })).toBe(true);
  });
  it('refuses a missing reason, zero, fractions, huge and non-numeric amounts', () => {
    expect(ok({ currency: 'point', amount: 5, reason: '  ' })).toBe(false);
    expect(ok({ currency: 'point', amount: 5 })).toBe(false);
    expect(ok({ currency: 'point', amount: 0, reason: 'r' })).toBe(false);
    expect(ok({ currency: 'point', amount: 1.5, reason: 'r' })).toBe(false);
    expect(ok({ currency: 'point', amount: MAX_ADJUSTMENT + 1, reason: 'r' })).toBe(false);
    expect(ok({ currency: 'point', amount: '1e9', reason: 'r' })).toBe(false);
    expect(ok({ currency: 'yen', amount: 5, reason: 'r' })).toBe(false);
  });
});

describe('auditQuerySchema', () => {
  it('refuses a start after the end', () => {
    expect(auditQuerySchema.safeParse({ from: '2026-02-02', to: '2026-02-01' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ from: '2026-02-01', to: '2026-02-01' }).success).toBe(true);
  });
});

describe('phoneSearchDigits', () => {
  it('reads a phone number as people write it, and nothing else', () => {
    expect(phoneSearchDigits('080-1234-5678')).toBe('08012345678');
    expect(phoneSearchDigits(' +81 (90) 1234.5678 ')).toBe('819012345678');
    expect(phoneSearchDigits('０９０ー１２３４ー５６７８')).toBe('09012345678');
    expect(phoneSearchDigits('123456')).toBe('123456');
    // Too short to mean a phone number; a mail address or a name holds digits but is not one.
    expect(phoneSearchDigits('12345')).toBeNull();
    expect(phoneSearchDigits('taro.20261127@example.jp')).toBeNull();
    expect(phoneSearchDigits('田中090')).toBeNull();
    expect(phoneSearchDigits('')).toBeNull();
  });
});
