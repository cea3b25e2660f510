import { describe, expect, it } from 'vitest';
import { pageEncoding } from './page-compression.ts';

describe('pageEncoding', () => {
  it('takes brotli first, then gzip, as a browser offers them', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip, deflate')).toBe('gzip');
    expect(pageEncoding('GZIP')).toBe('gzip');
    expect(pageEncoding('*')).toBe('br');
  });

  it('sends the page as it is when nothing it can make is taken', () => {
    expect(pageEncoding(undefined)).toBeNull();
    expect(pageEncoding('')).toBeNull();
    expect(pageEncoding('identity')).toBeNull();
    expect(pageEncoding('deflate')).toBeNull();
  });

  it('honours a q of 0 as a refusal, also of the wildcard', () => {
    expect(pageEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pageEncoding('br; q=0, gzip;q=0')).toBeNull();
    expect(pageEncoding('*;q=0')).toBeNull();
    expect(pageEncoding('*, br;q=0')).toBe('gzip');
  });
});
