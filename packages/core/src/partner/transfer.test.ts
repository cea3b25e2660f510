import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { transferPointProblem } from './transfer.ts';

describe('transferPointProblem (spec section 5 point-transfer checks)', () => {
  it('names each problem in the spec order', () => {
    expect(transferPointProblem('', 100)).toBe('transferEmpty');
    expect(transferPointProblem('  ', 100)).toBe('transferEmpty');
    expect(transferPointProblem('12345678901', 1e12)).toBe('transferDigits');
    expect(transferPointProblem('1e3', 5000)).toBe('transferDigits');
    expect(transferPointProblem('0', 100)).toBe('transferMin');
    expect(transferPointProblem('0000000000', 100)).toBe('transferMin');
    expect(transferPointProblem('101', 100)).toBe('transferOver');
    expect(transferPointProblem('100', 100)).toBeNull();
  });

  it('accepts exactly the whole numbers from 1 to the owned points, of at most 10 digits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.nat(10_000_000_000), (raw, owned) => {
        const ok = transferPointProblem(raw, owned) === null;
        const text = raw.trim();
        const expected = /^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= owned;
        return ok === expected;
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999_999_999 }), fc.nat(10_000_000_000), (n, owned) => {
        return (transferPointProblem(String(n), owned) === null) === n <= owned;
      }),
    );
  });
});
