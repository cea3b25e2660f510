/**
 * The shop's HTTP clients for load scripts (npm run bench, npm run chaos): a cookie + CSRF keeping Buyer on
 * node:http for logins and fault-tolerant calls, and the raw keep-alive connection the bench drives its hot loop
 * with. Both only ever talk to loopback addresses.
 */
import http from 'node:http';
import net from 'node:net';

export interface CsrfPair {
  csrf_name: string;
  csrf_value: string;
}

/** What one call answered: the HTTP status and the JSON envelope (null when the body was not JSON, e.g. a proxy's 502 page). */
export interface Reply {
  status: number;
  env: Record<string, unknown> | null;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

export class Buyer {
  sid = '';
  csrf: CsrfPair | null = null;
  constructor(
    readonly port: number,
    readonly host = '127.0.0.1',
    /** Send from this loopback address (127.0.0.x), so per-IP limits see several clients. */
    readonly localAddress?: string,
  ) {}

  /** One call; with `timeoutMs` a reply that does not arrive in time fails with 'timeout' instead of waiting on. */
  send(method: 'GET' | 'POST', p: string, params?: unknown, timeoutMs?: number): Promise<Reply> {
    return new Promise((resolve, reject) => {
      let body = '';
      if (method === 'POST') {
        const form = new URLSearchParams();
        if (this.csrf) {
          form.set('csrf_name', this.csrf.csrf_name);
          form.set('csrf_value', this.csrf.csrf_value);
        }
        form.set('json', JSON.stringify(params ?? {}));
        body = form.toString();
      }
      const req = http.request(
        {
          host: this.host,
          port: this.port,
          method,
          path: `/api${p}`,
          agent,
          ...(this.localAddress ? { localAddress: this.localAddress } : {}),
          headers: {
            cookie: this.sid ? `sid=${this.sid}; lang=ja` : 'lang=ja',
            ...(method === 'POST'
              ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) }
              : {}),
          },
        },
        (res) => {
          for (const c of res.headers['set-cookie'] ?? []) {
            const m = /^sid=([^;]+)/.exec(c);
            if (m) this.sid = m[1]!;
          }
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => chunks.push(d));
          res.on('error', reject);
          res.on('end', () => {
            let env: Record<string, unknown> | null = null;
            try {
              env = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
            } catch {
              // not JSON: the caller sees env null with the status
            }
            if (env?.csrf) this.csrf = env.csrf as CsrfPair;
            resolve({ status: res.statusCode ?? 0, env });
          });
        },
      );
      if (timeoutMs) req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(body);
    });
  }

  /** One call answering its envelope; a reply that is not JSON rejects. */
  async request(method: 'GET' | 'POST', p: string, params?: unknown): Promise<Record<string, unknown>> {
    const { env } = await this.send(method, p, params);
    if (!env) throw new Error(`${method} ${p}: the reply was not JSON`);
    return env;
  }
}

// The load generator shares the two cores with what it measures, so the hot loop skips http.request (headers
// objects, agent bookkeeping, streams): each worker keeps one keep-alive socket, writes a prebuilt request and
// parses the reply by Content-Length. Login above still goes through node:http.
export class RawConnection {
  private socket: net.Socket;
  private buf: Buffer = Buffer.alloc(0);
  private waiting: {
    resolve: (r: { status: number; body: string; sid: string | null }) => void;
    reject: (e: Error) => void;
  } | null = null;
  /** False once the socket failed or the server closed it: a pool then opens another. */
  open = true;

  constructor(port: number, host = '127.0.0.1', localAddress?: string) {
    this.socket = net.connect({ host, port, noDelay: true, ...(localAddress ? { localAddress } : {}) });
    this.socket.on('data', (d: Buffer) => {
      this.buf = this.buf.length ? Buffer.concat([this.buf, d]) : d;
      this.drain();
    });
    const fail = (e: Error) => {
      this.open = false;
      const w = this.waiting;
      this.waiting = null;
      w?.reject(e);
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('closed')));
  }

  private drain() {
    if (!this.waiting) return;
    const end = this.buf.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = this.buf.toString('latin1', 0, end);
    const len = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
    if (!Number.isFinite(len)) return this.waiting.reject(new Error(`no content-length: ${head}`));
    if (this.buf.length < end + 4 + len) return;
    const body = this.buf.toString('utf8', end + 4, end + 4 + len);
    this.buf = this.buf.subarray(end + 4 + len);
    const sid = /\r\nset-cookie: *sid=([^;]+)/i.exec(head)?.[1] ?? null;
    const status = Number(head.slice(9, 12));
    const w = this.waiting;
    this.waiting = null;
    w.resolve({ status, body, sid });
  }

  /** One request written as is; answers the status, the body and a new session id if the reply set one. */
  request(raw: string, timeoutMs = 30_000): Promise<{ status: number; body: string; sid: string | null }> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.open = false;
        this.socket.destroy();
        reject(new Error('timeout'));
      }, timeoutMs);
      this.waiting = {
        resolve: (r) => (clearTimeout(timer), resolve(r)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      };
      this.socket.write(raw);
    });
  }

  post(b: Buyer, p: string, json: string): Promise<Record<string, unknown>> {
    return this.request(rawRequest('POST', p, b.sid, formBody(b.csrf, json))).then(({ body, sid }) => {
      if (sid) b.sid = sid;
      const env = JSON.parse(body) as Record<string, unknown>;
      if (env.csrf) b.csrf = env.csrf as CsrfPair;
      return env;
    });
  }

  close() {
    this.socket.end();
  }
}

/** The form body of an /api POST: the CSRF pair and the JSON payload. */
export const formBody = (csrf: CsrfPair | null, json: string) =>
  `${csrf ? `csrf_name=${csrf.csrf_name}&csrf_value=${csrf.csrf_value}&` : ''}json=${encodeURIComponent(json)}`;

/** A prebuilt /api request (a GET without `form`). */
export function rawRequest(method: 'GET' | 'POST', p: string, sid: string, form?: string): string {
  const head = `${method} /api${p} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: sid=${sid}; lang=ja\r\n`;
  if (form === undefined) return `${head}\r\n`;
  return (
    `${head}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(form)}\r\n\r\n` +
    form
  );
}

/**
 * Raw keep-alive connections shared by many simulated clients, per server port and source address: a client holds
 * a connection only for one request, so 20,000 mostly idle visitors need as many sockets as are in flight, not one
 * each. A request on a connection the server closed meanwhile is sent again on a new one.
 */
export class RawPool {
  private idle = new Map<string, RawConnection[]>();

  async request(port: number, localAddress: string, raw: string, timeoutMs?: number) {
    const key = `${port}|${localAddress}`;
    for (let attempt = 0; ; attempt++) {
      const list = this.idle.get(key) ?? [];
      let c = list.pop();
      while (c && !c.open) c = list.pop();
      c ??= new RawConnection(port, '127.0.0.1', localAddress);
      try {
        const r = await c.request(raw, timeoutMs);
        if (c.open) {
          if (!this.idle.has(key)) this.idle.set(key, []);
          this.idle.get(key)!.push(c);
        }
        return r;
      } catch (e) {
        // A keep-alive socket the server had just closed: once more on a fresh one; a timeout is the answer.
        if (attempt > 0 || (e as Error).message === 'timeout') throw e;
      }
    }
  }

  close() {
    for (const list of this.idle.values()) for (const c of list) c.close();
    this.idle.clear();
  }
}

/** Logs buyers in, 16 at a time (a GET first for the guest session and CSRF pair). */
export async function logInAll(buyers: Buyer[], mails: string[], pass: string): Promise<void> {
  for (let i = 0; i < buyers.length; i += 16) {
    await Promise.all(
      buyers.slice(i, i + 16).map(async (b, k) => {
        await b.request('GET', '/user/point');
        const res = await b.request('POST', '/user/login', { mail: mails[i + k], pass, save_cookie: '0' });
        if (res.state !== 200) throw new Error(`login failed: ${JSON.stringify(res)}`);
      }),
    );
  }
}

export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
