/**
 * A client written from the spec's section 7 and DESIGN.md section 3 only: it keeps the session cookie, replaces
 * its CSRF pair from every reply, and posts form-encoded `csrf_name`, `csrf_value`, `json`. Used by API tests,
 * the benchmark and the simulation (scripts/simulate/client.ts).
 */
export interface Envelope {
  state: number;
  errors?: Record<string, string[]>;
  reason?: string;
  csrf?: { csrf_name: string; csrf_value: string };
  [key: string]: unknown;
}

export class ApiClient {
  private cookies = new Map<string, string>();
  csrf: { csrf_name: string; csrf_value: string } | null = null;
  lastStatus = 0;

  /** `headers` go with every request (the simulation names each person's address in X-Forwarded-For). */
  constructor(
    readonly baseUrl: string,
    readonly lang: 'ja' | 'en' = 'ja',
    private readonly headers: Record<string, string> = {},
  ) {
    this.cookies.set('lang', lang);
  }

  /** The Cookie header of this client's jar (for a request made without fetch, as the console bench's files). */
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  }

  cookie(name: string) {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  async raw(path: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(this.baseUrl + path, {
      ...init,
      headers: { ...this.headers, cookie: this.cookieHeader(), ...(init.headers as Record<string, string>) },
      redirect: 'manual',
    });
    this.remember(res);
    this.lastStatus = res.status;
    return res;
  }

  private async envelope(res: Response): Promise<Envelope> {
    const body = (await res.json()) as Envelope;
    if (body.csrf) this.csrf = body.csrf;
    return body;
  }

  async get(path: string): Promise<Envelope> {
    return this.envelope(await this.raw(`/api${path}`));
  }

  /** POSTs `params` as the `json` field; fetches a CSRF pair first if it has none. */
  async post(
    path: string,
    params: unknown = {},
    opts: { csrf?: false | { csrf_name: string; csrf_value: string } } = {},
  ) {
    if (!this.csrf && opts.csrf !== false) await this.get('/user/point');
    const form = new URLSearchParams();
    const pair = opts.csrf === false ? null : (opts.csrf ?? this.csrf);
    if (pair) {
      form.set('csrf_name', pair.csrf_name);
      form.set('csrf_value', pair.csrf_value);
    }
    form.set('json', typeof params === 'string' ? params : JSON.stringify(params));
    return this.envelope(
      await this.raw(`/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      }),
    );
  }
}
