import { afterEach, expect, it, vi } from 'vitest';
import main from './main.tsx?raw';

afterEach(() => vi.restoreAllMocks());

it('zod makes and uses schemas without ever calling the Function constructor (a CSP violation)', async () => {
  const construct = vi.spyOn(globalThis, 'Function');
  await import('./zod-jitless');
  const { z } = await import('zod');
  const schema = z.object({ a: z.string(), b: z.number().int() });
  expect(schema.parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
  expect(construct).not.toHaveBeenCalled();
  expect(z.config().jitless).toBe(true);
});

it('main.tsx imports it before any other module', () => {
  expect(main.split('\n').find((l) => l.startsWith('import '))).toBe("import './zod-jitless';");
});
