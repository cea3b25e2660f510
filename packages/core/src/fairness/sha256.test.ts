import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex, sha256Hex, toHex, utf8 } from './sha256.ts';

describe('sha256', () => {
  it('matches the FIPS 180-4 test vectors', () => {
    expect(sha256Hex(utf8(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex(utf8('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex(utf8('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(sha256Hex(utf8('a'.repeat(1_000_000)))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });

  it('agrees with node:crypto for any input, including the 55/56/64-byte padding edges', () => {
    for (const n of [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128]) {
      const data = new Uint8Array(n).map((_, i) => (i * 31 + 7) & 0xff);
      expect(sha256Hex(data)).toBe(createHash('sha256').update(data).digest('hex'));
    }
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (data) => {
        expect(sha256Hex(data)).toBe(createHash('sha256').update(data).digest('hex'));
      }),
    );
  });

  it('round-trips hex and rejects non-hex', () => {
    const bytes = new Uint8Array([0, 1, 0xab, 0xff]);
    expect(toHex(fromHex(toHex(bytes)))).toBe('0001abff');
    expect(() => fromHex('abc')).toThrow();
    expect(() => fromHex('zz')).toThrow();
  });
});
