import type { Server } from 'node:http';
import type { KomojuPayment, KomojuPaymentStatus } from '../../src/services/payments/gateways/komoju/client.ts';
import { KOMOJU_SIGNATURE_HEADER } from '../../src/services/payments/gateways/komoju/signature.ts';
import { FakeKomoju, type KomojuEvent } from './fake-komoju.ts';
import { serveFetchHandler } from './serve-fetch.ts';

/**
 * The fake KOMOJU of the server tests (fake-komoju.ts) over HTTP, for a whole shop and a browser (e2e/komoju.spec.ts):
 *
 * - `/api/v1/…`: the REST API, answered by FakeKomoju itself (the shop's KOMOJU_API_BASE points here).
 * - `GET /sessions/:id`: the hosted page a session's session_url opens. The buyer (or the test as the provider's
 *   side) approves, is refused, or lets it expire; the payment is made with that status, its webhook is delivered to
 *   the shop, signed with the real HMAC, and the browser goes back to the session's return_url with session_id, as
 *   KOMOJU does.
 * - `GET /ja/instructions/:id`: a konbini payment's instructions (the instructions_url handed to the buyer).
 * - `/_fake/…`: the provider's side, for the test. `POST /_fake/payments/:ref/:status` moves a payment (a konbini
 *   payment paid at the store: `captured`; its deadline passed: `expired`) and delivers its webhook;
 *   `POST /_fake/payments/:ref/redeliver` sends the last delivery again unchanged (a duplicate: same event id and
 *   body); `POST /_fake/payments/:ref/stale/:status` sends a new event carrying an older status (out of order);
 *   `POST /_fake/refuse-next` makes the next session or konbini payment be refused; `GET /_fake/payments/:ref/deliveries`
 *   lists what was delivered and what the shop answered. `:ref` is a payment id, a session id or a konbini receipt.
 *
 * Deliveries are made before the buyer is sent back, so a journey's order of events is the same on every run; the
 * shop's answer (`{status, outcome}`) is returned to the test, which asserts 'processed', 'duplicate' or 'ignored'.
 */
export interface Delivery {
  eventId: string;
  type: string;
  body: string;
  signature: string;
  status: number;
  outcome: string;
}

const TYPE_LABELS: Record<string, string> = {
  paypay: 'PayPay',
  merpay: 'メルペイ',
  aupay: 'au PAY',
  paidy: 'Paidy（あと払い）',
  docomo: 'd払い（ドコモ払い）',
  au: 'auかんたん決済',
  softbank: 'ソフトバンクまとめて支払い',
};
const STORE_LABELS: Record<string, string> = {
  'seven-eleven': 'セブン-イレブン',
  lawson: 'ローソン',
  'family-mart': 'ファミリーマート',
  ministop: 'ミニストップ',
  'daily-yamazaki': 'デイリーヤマザキ',
  seicomart: 'セイコーマート',
};
const STATUS_LABELS: Partial<Record<KomojuPaymentStatus, string>> = {
  authorized: 'お支払い待ち',
  captured: 'お支払い済み',
  expired: '期限切れ',
  failed: '失敗',
  cancelled: 'キャンセル済み',
};
const SETTLE: readonly KomojuPaymentStatus[] = ['captured', 'failed', 'expired', 'cancelled', 'authorized'];

export class FakeKomojuServer {
  readonly deliveries = new Map<string, Delivery[]>();

  constructor(
    readonly fake: FakeKomoju,
    /** The shop's KOMOJU webhook endpoint (…/api/payment/webhook/komoju). */
    readonly webhookUrl: string,
  ) {}

  handle = async (url: string, init: { method: string; headers: Record<string, string>; body: string }) => {
    const u = new URL(url);
    if (u.pathname.startsWith('/api/v1/')) return this.fake.fetch(url, init);
    const m = (re: RegExp) => u.pathname.match(re);
    let g: RegExpMatchArray | null;
    if (init.method === 'GET' && (g = m(/^\/sessions\/([^/]+)$/))) return this.sessionPage(g[1]!);
    if (init.method === 'POST' && (g = m(/^\/sessions\/([^/]+)\/complete$/)))
      return this.completeSession(g[1]!, new URLSearchParams(init.body).get('outcome') ?? '');
    if (init.method === 'GET' && (g = m(/^\/ja\/instructions\/([^/]+)$/))) return this.instructionsPage(g[1]!);
    if (init.method === 'POST' && u.pathname === '/_fake/refuse-next') {
      this.fake.refuseNext = true;
      return json(200, { ok: true });
    }
    if ((g = m(/^\/_fake\/payments\/([^/]+)\/(.+)$/))) {
      const p = this.resolve(g[1]!);
      if (!p) return json(404, { error: 'no such payment, session or receipt' });
      const action = g[2]!;
      if (init.method === 'GET' && action === 'deliveries') return json(200, this.deliveries.get(p.id) ?? []);
      if (init.method !== 'POST') return json(405, { error: 'POST' });
      if (action === 'redeliver') return json(200, await this.redeliver(p.id));
      const stale = action.match(/^stale\/(\w+)$/);
      if (stale && SETTLE.includes(stale[1] as KomojuPaymentStatus)) {
        const status = stale[1] as KomojuPaymentStatus;
        return json(200, await this.deliver(p.id, this.fake.event(`payment.${status}`, { ...p, status })));
      }
      if (SETTLE.includes(action as KomojuPaymentStatus)) {
        return json(200, await this.settle(p.id, action as KomojuPaymentStatus));
      }
    }
    return json(404, { error: `no fake route ${init.method} ${u.pathname}` });
  };

  /** A payment by its id, its session's id, or the receipt number the buyer takes to the store. */
  private resolve(ref: string): KomojuPayment | undefined {
    const byId = this.fake.payments.get(ref);
    if (byId) return byId;
    const session = this.fake.sessions.get(ref);
    if (session?.payment) return this.fake.payments.get(session.payment.id);
    return [...this.fake.payments.values()].find((p) => p.payment_details?.receipt === ref);
  }

  /** Moves the payment and tells the shop, as KOMOJU does when the store is paid or the deadline passes. */
  private settle(paymentId: string, status: KomojuPaymentStatus) {
    const p = this.fake.move(paymentId, status);
    return this.deliver(p.id, this.fake.event(`payment.${status}`, p));
  }

  private async deliver(paymentId: string, e: KomojuEvent): Promise<Delivery> {
    const { id, type } = JSON.parse(e.body) as { id: string; type: string };
    let status = 0;
    let outcome = 'unreachable';
    try {
      const res = await fetch(this.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [KOMOJU_SIGNATURE_HEADER]: e.signature, 'x-komoju-event': type },
        body: e.body,
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
      outcome = ((await res.json().catch(() => ({}))) as { outcome?: string }).outcome ?? '';
    } catch (err) {
      outcome = `unreachable: ${(err as Error).message}`;
    }
    const d: Delivery = { eventId: id, type, body: e.body, signature: e.signature, status, outcome };
    this.deliveries.set(paymentId, [...(this.deliveries.get(paymentId) ?? []), d]);
    return d;
  }

  private redeliver(paymentId: string) {
    const last = this.deliveries.get(paymentId)?.at(-1);
    if (!last) return Promise.resolve({ status: 0, outcome: 'nothing delivered yet' });
    return this.deliver(paymentId, { body: last.body, signature: last.signature });
  }

  private sessionPage(id: string) {
    const s = this.fake.sessions.get(id);
    if (!s) return page(404, 'セッションが見つかりません', '<p>このお支払いページは存在しません。</p>');
    const type = s.payment_types[0] ?? '';
    const label = TYPE_LABELS[type] ?? type;
    const facts = `<dl><dt>お支払い方法</dt><dd>${esc(label)}</dd><dt>お支払い金額</dt><dd>${yen(s.amount)}</dd>
      <dt>ご注文番号</dt><dd>${esc(s.payment_data?.external_order_num ?? '')}</dd></dl>`;
    if (s.status !== 'pending') {
      return page(200, `${label}でのお支払い`, `${facts}<p role="status">このお支払いは手続き済みです。</p>`);
    }
    return page(
      200,
      `${label}でのお支払い`,
      `${facts}
      <p>テスト環境の決済ページです。実際の請求は発生しません。</p>
      <form method="post" action="/sessions/${esc(id)}/complete">
        <button name="outcome" value="captured" data-action="capture">お支払いを承認する</button>
        <button name="outcome" value="failed" data-action="fail">お支払いを拒否する（失敗）</button>
        <button name="outcome" value="expired" data-action="expire">期限切れにする</button>
      </form>`,
    );
  }

  private async completeSession(id: string, outcome: string) {
    const s = this.fake.sessions.get(id);
    if (!s) return page(404, 'セッションが見つかりません', '<p>このお支払いページは存在しません。</p>');
    if (s.status !== 'pending' || !['captured', 'failed', 'expired'].includes(outcome)) {
      return page(409, 'お支払いできません', '<p role="alert">このお支払いは手続き済みです。</p>');
    }
    const p = this.fake.payOnPage(id, outcome as KomojuPaymentStatus);
    await this.deliver(p.id, this.fake.event(`payment.${outcome}`, p));
    const back = new URL(s.return_url);
    back.searchParams.set('session_id', id);
    return new Response(null, { status: 303, headers: { location: back.toString() } });
  }

  private instructionsPage(id: string) {
    const p = this.fake.payments.get(id);
    const d = p?.payment_details;
    if (!p || d?.type !== 'konbini')
      return page(404, 'お支払い情報が見つかりません', '<p>このページは存在しません。</p>');
    const store = STORE_LABELS[d.store ?? ''] ?? d.store ?? '';
    const deadline = p.payment_deadline
      ? new Date(p.payment_deadline).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' })
      : '';
    return page(
      200,
      `${store}でのお支払い方法`,
      `<dl><dt>お支払い状況</dt><dd>${esc(STATUS_LABELS[p.status] ?? p.status)}</dd>
      <dt>払込票番号・お客様番号</dt><dd>${esc(d.receipt ?? '')}</dd>
      ${d.confirmation_code ? `<dt>確認番号</dt><dd>${esc(d.confirmation_code)}</dd>` : ''}
      <dt>お支払い金額</dt><dd>${yen(p.amount)}</dd><dt>お支払い期限</dt><dd>${esc(deadline)}</dd></dl>
      <p>テスト環境のため、店頭でのお支払いは行えません。</p>`,
    );
  }
}

/**
 * Starts the fake on `port` (0: any free one); `shopUrl` is the shop that receives its webhooks. The buyer's pages
 * are at the fake's own address.
 */
export async function startFakeKomojuServer(opts: {
  port?: number;
  secretKey: string;
  webhookSecret: string;
  shopUrl: string;
}): Promise<{ fake: FakeKomoju; control: FakeKomojuServer; url: string; server: Server }> {
  // The fake's pages live at its own address, known once it listens: the handler reads `control` at request time.
  const box: { control?: FakeKomojuServer } = {};
  const { url, server } = await serveFetchHandler((u, init) => box.control!.handle(u, init), opts.port ?? 0);
  const fake = new FakeKomoju(opts.secretKey, opts.webhookSecret, url);
  const control = (box.control = new FakeKomojuServer(
    fake,
    `${opts.shopUrl.replace(/\/$/, '')}/api/payment/webhook/komoju`,
  ));
  return { fake, control, url, server };
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const yen = (n: number) => `¥${n.toLocaleString('ja-JP')}`;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A page of the fake in KOMOJU's manner: Japanese, phone-sized, the test's buttons large enough to tap. */
function page(status: number, title: string, body: string) {
  const html = `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} — KOMOJU（テスト）</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #f4f6fb; color: #1d2433; }
  header { background: #1b2a4e; color: #fff; padding: 12px 16px; font-weight: 700; }
  header small { font-weight: 400; opacity: .8; margin-left: 8px; }
  main { max-width: 480px; margin: 0 auto; padding: 16px; }
  h1 { font-size: 1.25rem; }
  dl { background: #fff; border-radius: 8px; padding: 12px 16px; display: grid; grid-template-columns: auto 1fr; gap: 8px 12px; }
  dt { color: #5a6478; } dd { margin: 0; font-weight: 600; word-break: break-all; }
  form { display: grid; gap: 12px; }
  button { font: inherit; padding: 14px; border-radius: 8px; border: 1px solid #1b2a4e; background: #fff; color: #1b2a4e; }
  button[data-action="capture"] { background: #1b2a4e; color: #fff; }
</style></head>
<body><header>KOMOJU<small>テスト環境</small></header><main><h1>${esc(title)}</h1>${body}</main></body></html>`;
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
}
