/**
 * The simulation's HTTP client: one per simulated person, as a browser would be. It is the API tests' client
 * (cookies, the CSRF pair of each reply, the /api form), plus the sandbox's JSON tools and payment pages. Each
 * person names an address of its own in X-Forwarded-For (the simulated shop trusts loopback as its proxy), so the
 * shop's per-address limits (registration, login) see many visitors, not one machine registering two hundred accounts.
 */
import { ApiClient, type Envelope } from '../../apps/server/test/api-client.ts';

export type { Envelope };

/** What a simulated shop must trust to read the persons' addresses (TRUST_PROXY). */
export const SIMULATION_PROXY = '127.0.0.1';

export class SimClient extends ApiClient {
  constructor(
    readonly base: URL,
    address?: string,
    lang: 'ja' | 'en' = 'ja',
  ) {
    super(base.origin, lang, address ? { 'x-forwarded-for': address } : {});
  }

  /** A sandbox tool's JSON endpoint (/sandbox/...). */
  async sandbox<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const res = await this.raw(`/sandbox${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status >= 400) throw new Error(`${method} /sandbox${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text) as T;
  }

  /** Presses a button on a sandbox payment page (a plain HTML form); answers the HTTP status. */
  async press(pageUrl: string, action: string): Promise<number> {
    const res = await this.raw(new URL(pageUrl, this.base).pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action }).toString(),
    });
    await res.arrayBuffer();
    return res.status;
  }
}

/** Fails loudly on a reply the simulated person did not expect. */
export function expectOk(env: Envelope, what: string): Envelope {
  if (env.state !== 200)
    throw new Error(`${what}: ${JSON.stringify({ state: env.state, reason: env.reason, errors: env.errors })}`);
  return env;
}
