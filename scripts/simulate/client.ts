/**
 * The simulation's HTTP client: one per simulated person, as a browser would be. It keeps every cookie (the member's
 * sid, the console's staff_sid), replaces its CSRF pair from each /api reply and posts the /api form (csrf_name,
 * csrf_value, json). Each person sends from a loopback address of its own (127.0.x.y), so the shop's per-address
 * limits (registration, login) see many visitors, not one machine registering two hundred accounts.
 */
import http from 'node:http';

export type Envelope = Record<string, unknown> & { state: number; reason?: string; errors?: Record<string, string[]> };

// A connection per request: a kept-alive socket idle for a simulated day can be closed by the server just as the
// client reuses it (ECONNRESET), and a month is long enough for that to happen.
const agent = new http.Agent({ keepAlive: false, maxSockets: 64 });

export interface RawReply {
  status: number;
  location: string | null;
  text: string;
}

export class SimClient {
  private cookies = new Map<string, string>();
  private csrf: { csrf_name: string; csrf_value: string } | null = null;

  constructor(
    readonly base: URL,
    readonly localAddress?: string,
    lang: 'ja' | 'en' = 'ja',
  ) {
    this.cookies.set('lang', lang);
  }

  /** One request; `body` is sent as is with its content type. */
  raw(method: 'GET' | 'POST', path: string, body?: { type: string; text: string }): Promise<RawReply> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          method,
          path,
          agent,
          ...(this.localAddress ? { localAddress: this.localAddress } : {}),
          headers: {
            cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
            ...(body ? { 'content-type': body.type, 'content-length': Buffer.byteLength(body.text) } : {}),
          },
        },
        (res) => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const pair = line.split(';')[0]!;
            const eq = pair.indexOf('=');
            this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
          }
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => chunks.push(d));
          res.on('error', reject);
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              location: (res.headers.location as string | undefined) ?? null,
              text: Buffer.concat(chunks).toString(),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(body?.text);
    });
  }

  private envelope(r: RawReply, what: string): Envelope {
    let env: Envelope;
    try {
      env = JSON.parse(r.text) as Envelope;
    } catch {
      throw new Error(`${what}: HTTP ${r.status}, not JSON: ${r.text.slice(0, 200)}`);
    }
    if (env.csrf) this.csrf = env.csrf as { csrf_name: string; csrf_value: string };
    return env;
  }

  async get(path: string): Promise<Envelope> {
    return this.envelope(await this.raw('GET', `/api${path}`), `GET ${path}`);
  }

  /** POST /api<path> as the SPA does; fetches a CSRF pair first when it has none. */
  async post(path: string, params: unknown = {}): Promise<Envelope> {
    if (!this.csrf) await this.get('/user/point');
    const form = new URLSearchParams({ ...this.csrf!, json: JSON.stringify(params) });
    const r = await this.raw('POST', `/api${path}`, {
      type: 'application/x-www-form-urlencoded',
      text: form.toString(),
    });
    return this.envelope(r, `POST ${path}`);
  }

  /** A sandbox tool's JSON endpoint (/sandbox/...). */
  async sandbox<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const r = await this.raw(
      method,
      `/sandbox${path}`,
      body === undefined ? undefined : { type: 'application/json', text: JSON.stringify(body) },
    );
    if (r.status >= 400) throw new Error(`${method} /sandbox${path}: HTTP ${r.status} ${r.text.slice(0, 200)}`);
    return JSON.parse(r.text) as T;
  }

  /** Presses a button on a sandbox payment page (a plain HTML form); answers the HTTP status. */
  async press(pageUrl: string, action: string): Promise<number> {
    const path = new URL(pageUrl, this.base).pathname;
    const r = await this.raw('POST', path, {
      type: 'application/x-www-form-urlencoded',
      text: new URLSearchParams({ action }).toString(),
    });
    return r.status;
  }
}

/** Fails loudly on a reply the simulated person did not expect. */
export function expectOk(env: Envelope, what: string): Envelope {
  if (env.state !== 200)
    throw new Error(`${what}: ${JSON.stringify({ state: env.state, reason: env.reason, errors: env.errors })}`);
  return env;
}
