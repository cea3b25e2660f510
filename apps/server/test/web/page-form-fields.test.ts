import { describe, expect, it } from 'vitest';
import { maskFormFields, withoutFormFields } from '../../src/http/page-form-fields.ts';

describe("a form's fields in a page address", () => {
  it('are taken out of the address, the page parameters kept in order', () => {
    expect(withoutFormFields('/login?packId=3&mail=a%40b.jp&pass=x')).toEqual({
      url: '/login?packId=3',
      dropped: true,
    });
    expect(withoutFormFields('/login?pass=x&pass=y')).toEqual({ url: '/login', dropped: true });
    expect(withoutFormFields('/pack-list?index=1')).toEqual({ url: '/pack-list?index=1', dropped: false });
    expect(withoutFormFields('/my-page')).toEqual({ url: '/my-page', dropped: false });
  });

  it('are masked in a log line, the rest of the address as it was', () => {
    const logged = maskFormFields('/login?packId=3&mail=a%40b.jp&pass=secret1234');
    expect(logged).not.toContain('secret1234');
    expect(logged).not.toContain('a%40b.jp');
    expect(logged).toBe('/login?packId=3&mail=***&pass=***');
    expect(maskFormFields('/pack-detail?packId=1')).toBe('/pack-detail?packId=1');
  });
});
