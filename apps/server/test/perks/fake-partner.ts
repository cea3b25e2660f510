import { createServer, type IncomingMessage, type Server } from 'node:http';
import { verifyPartnerSignature } from '../../src/services/programmes/partner/gateways/http-partner.ts';

/**
 * A partner site's API as the HTTP adapter expects it (ADR 0023), in memory: signed requests only, debits
 * idempotent by key. `mode` makes the next debits fail the way real networks do.
 */
export class FakePartner {
  server!: Server;
  url = '';
  balances = new Map<string, number>([['acct-1', 5000]]);
  debits = new Map<string, { status: 'done' } | { status: 'refused'; reason: string }>();
  /** Requests refused for a bad signature. */
  badSignatures = 0;
  debitCalls = 0;
  /** 'ok'; 'lose-reply': apply the debit, then cut the connection; 'down': answer 503 without applying. */
  mode: 'ok' | 'lose-reply' | 'down' = 'ok';

  constructor(private readonly secret: string) {}

  async start() {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    const addr = this.server.address();
    this.url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/partner-api`;
    return this;
  }

  close() {
    this.server.closeAllConnections();
    return new Promise<void>((r) => this.server.close(() => r()));
  }

  private async handle(req: IncomingMessage, res: import('node:http').ServerResponse) {
    let body = '';
    for await (const chunk of req) body += chunk;
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const header = (n: string) => String(req.headers[n] ?? '');
    const send = (status: number, json: object) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    };
    const signed = verifyPartnerSignature(this.secret, {
      timestamp: header('x-partner-timestamp'),
      method: req.method ?? '',
      path,
      idempotencyKey: header('idempotency-key'),
      body,
      signature: header('x-partner-signature'),
    });
    if (!signed) {
      this.badSignatures++;
      return send(401, { error: 'bad signature' });
    }
    if (path === '/partner-api/v1/login') {
      const { loginid, password, tel } = JSON.parse(body) as Record<string, string>;
      const ok =
        loginid === 'fan@partner.example' &&
        password === 'secret-pw' &&
        (tel ?? '').replace(/\D/g, '') === '09000000000';
      return ok ? send(200, { account: 'acct-1' }) : send(401, {});
    }
    const balance = /^\/partner-api\/v1\/accounts\/([^/]+)\/balance$/.exec(path);
    if (balance) return send(200, { balance: this.balances.get(decodeURIComponent(balance[1]!)) ?? 0 });
    if (path === '/partner-api/v1/debits') {
      this.debitCalls++;
      if (this.mode === 'down') return send(503, {});
      const key = header('idempotency-key');
      let outcome = this.debits.get(key);
      if (!outcome) {
        const { account, point } = JSON.parse(body) as { account: string; point: number };
        const have = this.balances.get(account) ?? 0;
        outcome = have >= point ? { status: 'done' } : { status: 'refused', reason: 'insufficient' };
        if (outcome.status === 'done') this.balances.set(account, have - point);
        this.debits.set(key, outcome);
      }
      if (this.mode === 'lose-reply') return res.socket?.destroy();
      return send(outcome.status === 'done' ? 200 : 422, outcome);
    }
    send(404, {});
  }
}
