import { describe, expect, it } from 'vitest';
import { COMBINI_CODES } from '../contract/payments.ts';
import { COMBINI_CHAINS, combiniChain, shownPayDeadline } from './combini.ts';

describe('convenience stores by chain', () => {
  it('names every chain in ja and en with how it is paid there', () => {
    for (const code of COMBINI_CODES) {
      const c = COMBINI_CHAINS[code];
      expect(c.code).toBe(code);
      expect(c.name.ja).not.toBe('');
      expect(c.steps.ja.length).toBe(c.steps.en.length);
    }
    expect(COMBINI_CHAINS['seven-eleven'].instruction).toBe('online_slip');
    expect(COMBINI_CHAINS.lawson.instruction).toBe('confirmation_number');
    expect(COMBINI_CHAINS.seicomart.instruction).toBe('receipt_number');
  });

  it('reads old store groups as a chain and refuses anything else', () => {
    expect(combiniChain('econ')?.code).toBe('family-mart');
    expect(combiniChain('other')?.code).toBe('lawson');
    expect(combiniChain('circle-k')).toBeUndefined();
    expect(combiniChain('__proto__')).toBeUndefined();
  });

  it('shows the buyer a deadline an hour before the provider closes', () => {
    const close = new Date('2026-12-01T15:00:00Z');
    expect(shownPayDeadline(close).toISOString()).toBe('2026-12-01T14:00:00.000Z');
  });
});
