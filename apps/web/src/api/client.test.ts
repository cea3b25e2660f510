import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: the client keeps the CSRF pair in module state.
async function load() {
  vi.resetModules();
  return import('./client');
}

const reply = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stores the csrf pair of every reply and posts it form-encoded with json', async () => {
    const api = await load();
    fetchMock.mockResolvedValueOnce(reply({ state: 200, csrf: { csrf_name: 'csrfA', csrf_value: 'v1' } }));
    await api.apiGet('/user/point');
    fetchMock.mockResolvedValueOnce(reply({ state: 200, csrf: { csrf_name: 'csrfB', csrf_value: 'v2' } }));
    await api.apiPost('/user/login', { mail: 'a@b.jp' });
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/user/login');
    const body = new URLSearchParams(init.body as string);
    expect(body.get('csrf_name')).toBe('csrfA');
    expect(body.get('csrf_value')).toBe('v1');
    expect(JSON.parse(body.get('json')!)).toEqual({ mail: 'a@b.jp' });
    expect(api.currentCsrf()).toEqual({ csrf_name: 'csrfB', csrf_value: 'v2' });
  });

  it('fetches a csrf pair first when it has none', async () => {
    const api = await load();
    fetchMock
      .mockResolvedValueOnce(reply({ state: 200, csrf: { csrf_name: 'csrfA', csrf_value: 'v1' } }))
      .mockResolvedValueOnce(reply({ state: 200 }));
    await api.apiPost('/user/logout');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/user/point');
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/user/logout');
  });

  it('ignores a repeated action while the same request is in flight', async () => {
    const api = await load();
    fetchMock.mockResolvedValueOnce(reply({ state: 200, csrf: { csrf_name: 'csrfA', csrf_value: 'v1' } }));
    await api.apiGet('/user/point');
    let resolve!: (r: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise<Response>((r) => (resolve = r)));
    const first = api.apiPost('/user/pack/buy', { token: 't' });
    const second = api.apiPost('/user/pack/buy', { token: 't' });
    await Promise.resolve();
    resolve(reply({ state: 200, result: '1' }));
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBe(b);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('returns a network error as the result instead of throwing', async () => {
    const api = await load();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const r = await api.apiGet('/user/point');
    expect(r.networkError).toBe(true);
    expect(r.state).toBe(0);
  });

  it('sends the user to the maintenance page on state 9999', async () => {
    const api = await load();
    const onMaintenance = vi.fn();
    api.setMaintenanceHandler(onMaintenance);
    fetchMock.mockResolvedValueOnce(reply({ state: 9999, csrf: { csrf_name: 'c', csrf_value: 'v' } }));
    await api.apiGet('/user/point');
    expect(onMaintenance).toHaveBeenCalledOnce();
  });

  it('takes a fresh csrf pair and repeats a POST once when the pair was refused', async () => {
    const api = await load();
    fetchMock
      .mockResolvedValueOnce(reply({ state: 200, csrf: { csrf_name: 'csrfOld', csrf_value: 'v0' } }))
      .mockResolvedValueOnce(reply({ state: 403, reason: 'csrf', csrf: { csrf_name: 'csrfA', csrf_value: 'v1' } }))
      .mockResolvedValueOnce(reply({ state: 200, csrf: { csrf_name: 'csrfB', csrf_value: 'v2' } }))
      .mockResolvedValueOnce(reply({ state: 200, result: 'ok' }));
    await api.apiGet('/user/point');
    const r = await api.apiPost('/user/login', { mail: 'a@b.jp' });
    expect(r.result).toBe('ok');
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/api/user/point',
      '/api/user/login',
      '/api/user/point',
      '/api/user/login',
    ]);
    expect(new URLSearchParams(fetchMock.mock.calls[3]![1].body as string).get('csrf_name')).toBe('csrfB');
  });
});
