import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from './account-test-utils';
import { accountPost } from './account-post';

describe('accountPost', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches a fresh CSRF pair and retries once after a 403', async () => {
    let attempts = 0;
    const api = mockApi({
      'GET /user/point': { state: 200 },
      'POST /user/login': () => (++attempts === 1 ? { state: 403, errors: { general: ['expired'] } } : { state: 200 }),
    });
    const reply = await accountPost('/user/login', { mail: 'a@b.jp' });
    expect(reply.state).toBe(200);
    expect(api.posts('/user/login')).toHaveLength(2);
    const order = api.calls.map((c) => `${c.method} ${c.path}`);
    expect(order.slice(-3)).toEqual(['POST /user/login', 'GET /user/point', 'POST /user/login']);
  });

  it('does not retry other failures, and retries a 403 only once', async () => {
    const api = mockApi({
      'GET /user/point': { state: 200 },
      'POST /user/confirm': { state: 400, errors: { mail: ['bad'] } },
      'POST /user/append': { state: 403, errors: { general: ['expired'] } },
    });
    expect((await accountPost('/user/confirm', {})).state).toBe(400);
    expect(api.posts('/user/confirm')).toHaveLength(1);
    expect((await accountPost('/user/append', {})).state).toBe(403);
    expect(api.posts('/user/append')).toHaveLength(2);
  });
});
