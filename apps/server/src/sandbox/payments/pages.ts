import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { combiniChain, formatTokyo, type CombiniInstructionKind } from '@oripa/core';
import { listIntents } from '../../db/queries/sandbox-payments.ts';
import {
  loadIntent,
  moveIntent,
  OPEN_STATUSES,
  openCheckoutSession,
  SANDBOX_BANK,
  type Intent,
  type IntentStatus,
} from '../../services/payments/gateways/sandbox/provider.ts';
import { signButtonPayload } from '../../services/payments/gateways/sandbox/signature.ts';
import { buildEvent, deliverCallback } from './callbacks.ts';
import { page, type PageButton } from './html.ts';

type Outcome = IntentStatus | 'short';

/** What each page's buttons do to the intent. 'short' reports a transfer of the wrong amount. */
const ACTIONS: Record<string, Record<string, Outcome>> = {
  '3ds': { pass: 'succeeded', fail: 'failed', cancel: 'cancelled', expire: 'expired' },
  combini: { pay: 'succeeded', expire: 'expired' },
  bank: { transfer: 'succeeded', transfer_short: 'short', expire: 'expired' },
  carrier: { approve: 'succeeded', decline: 'failed', cancel: 'cancelled', expire: 'expired' },
  wallet: { approve: 'succeeded', decline: 'failed', cancel: 'cancelled', expire: 'expired' },
  wallet_retailer: { approve: 'authorized', decline: 'failed', cancel: 'cancelled', expire: 'expired' },
};

const actionsFor = (kind: string) => ACTIONS[kind] ?? (kind.startsWith('wallet_') ? ACTIONS.wallet : undefined);

const WALLET_NAMES: Record<string, [string, string]> = {
  global: ['グローバルウォレット', 'Global wallet'],
  retailer: ['リテールウォレット', 'Retailer wallet'],
  search: ['検索エンジンウォレット', 'Search-engine wallet'],
  mobile: ['モバイル決済アプリ', 'Mobile payment app'],
  merpay: ['フリマアプリ決済', 'Flea-market-app payment'],
  aupay: ['通信会社系QR決済', 'Carrier QR payment'],
  paidy: ['あと払い', 'Pay later'],
  apple: ['端末ウォレット', 'Device wallet'],
};
const CARRIER_NAMES: Record<string, string> = { au: 'キャリアA', sb_ktai: 'キャリアS', docomo: 'キャリアD' };
const INSTRUCTION_NAMES: Record<CombiniInstructionKind, [string, string]> = {
  online_slip: ['払込票番号（払込票を表示）', 'Slip number (show the payment slip)'],
  confirmation_number: ['お客様番号と確認番号（店内端末）', 'Customer and confirmation numbers (store terminal)'],
  receipt_number: ['受付番号（レジでお伝えください）', 'Receipt number (say it at the counter)'],
};

const B = (action: string, ja: string, en: string, tone: PageButton['tone']): PageButton => ({ action, ja, en, tone });
const yen = (n: number) => `¥${n.toLocaleString('ja-JP')}`;

function render(i: Intent): string {
  const formAction = `/sandbox/pay/${i.id}`;
  const open = OPEN_STATUSES.includes(i.status);
  const state: [string, string] = ['状態 / Status', i.status];
  const amount: [string, string] = ['金額 / Amount', yen(i.amount)];
  const closed = {
    formAction: undefined,
    buttons: [] as PageButton[],
    note: ['この取引は終了しています。', 'This payment is closed.'] as [string, string],
  };
  if (i.kind === '3ds') {
    return page({
      title: ['本人認証（3Dセキュア）', '3-D Secure authentication'],
      lead: ['カード発行会社の本人認証です。結果を選んでください。', 'Card issuer authentication. Choose the outcome.'],
      rows: [amount, ['カード / Card', `${i.detail.brand} **** ${i.detail.last4}`], state],
      formAction,
      buttons: [
        B('pass', '認証する', 'Authenticate', 'primary'),
        B('fail', '認証に失敗する', 'Fail authentication', 'danger'),
        B('cancel', 'キャンセル', 'Cancel', 'plain'),
      ],
      ...(open ? {} : closed),
    });
  }
  if (i.kind === 'combini') {
    const chain = combiniChain(i.detail.store ?? '');
    const how = chain ? INSTRUCTION_NAMES[chain.instruction] : (['', ''] as [string, string]);
    return page({
      title: ['コンビニ払込票', 'Convenience-store payment slip'],
      lead: [chain?.steps.ja.join('。') ?? '', chain?.steps.en.join('. ') ?? ''],
      rows: [
        ['コンビニ / Store', chain ? `${chain.name.ja} (${chain.name.en})` : (i.detail.store ?? '')],
        ['お支払い方法 / How', `${how[0]} / ${how[1]}`],
        ['受付番号 / Receipt', i.detail.receipt ?? ''],
        ...(i.detail.confirmation ? [['確認番号 / Confirmation', i.detail.confirmation] as [string, string]] : []),
        amount,
        // The provider's real close; the shop shows its buyer an earlier one (core shownPayDeadline).
        ['受付終了 / Closes', i.expires_at ? formatTokyo(i.expires_at) : ''],
        state,
      ],
      formAction,
      buttons: [
        B('pay', '店頭で支払う', 'Pay at the store', 'primary'),
        B('expire', '期限切れにする', 'Let it expire', 'danger'),
      ],
      note: ['テスト用: ボタンで店頭での支払いを再現します。', 'Test only: the buttons play the store.'],
      ...(open ? {} : closed),
    });
  }
  if (i.kind === 'bank') {
    return page({
      title: ['銀行振込（入金照合）', 'Bank transfer (reconciliation)'],
      lead: ['振込先口座への入金を再現します。', 'Simulates a transfer arriving at the account.'],
      rows: [
        ['銀行 / Bank', `${SANDBOX_BANK.bank} ${SANDBOX_BANK.branch}`],
        ['口座 / Account', `${SANDBOX_BANK.accountType} ${i.detail.number}`],
        ['名義 / Holder', SANDBOX_BANK.name],
        ['振込人 / Remitter', i.detail.holder ?? ''],
        amount,
        state,
      ],
      formAction,
      buttons: [
        B('transfer', '入金を照合する', 'Reconcile the transfer', 'primary'),
        B('transfer_short', '金額違いで入金する', 'Transfer a wrong amount', 'plain'),
        B('expire', '期限切れにする', 'Let it expire', 'danger'),
      ],
      ...(open ? {} : closed),
    });
  }
  const isCarrier = i.kind === 'carrier';
  const wallet = WALLET_NAMES[i.kind.replace('wallet_', '')] ?? ['ウォレット', 'Wallet'];
  const name: [string, string] = isCarrier
    ? [
        `キャリア決済（${CARRIER_NAMES[i.detail.carrier ?? ''] ?? 'キャリア'}）`,
        `Carrier billing (${i.detail.carrier})`,
      ]
    : wallet;
  return page({
    title: [`${name[0]}のお支払い承認`, `${name[1]} approval`],
    lead: ['内容を確認して承認してください。', 'Check the payment and approve it.'],
    rows: [['加盟店 / Merchant', 'KIRAKIRA ORIPA'], amount, state],
    formAction,
    buttons: [
      B('approve', '承認する', 'Approve', 'primary'),
      B('decline', '拒否する', 'Decline', 'danger'),
      B('cancel', 'キャンセルして戻る', 'Cancel and go back', 'plain'),
    ],
    ...(open ? {} : closed),
  });
}

function withQuery(url: string, extra: Record<string, string>) {
  const u = new URL(url);
  for (const [k, v] of Object.entries(extra)) u.searchParams.set(k, v);
  return u.toString();
}

/** Where the member's browser goes after acting on a redirect page. */
function returnTo(i: Intent): string | null {
  if (i.kind === 'combini' || i.kind === 'bank' || !i.return_url) return null;
  const ok = i.status === 'succeeded' || i.status === 'authorized';
  const base = !ok && i.kind === 'carrier' && i.detail.failure_url ? i.detail.failure_url : i.return_url;
  return i.kind === 'wallet_retailer' && i.detail.checkout_session
    ? withQuery(base, { amazonCheckoutSessionId: i.detail.checkout_session })
    : base;
}

/** The sandbox provider's pages: 3-D Secure, the convenience-store slip, bank reconciliation, approvals. */
export const sandboxPaymentPages: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  const html = (reply: FastifyReply, body: string, code = 200) =>
    reply.code(code).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

  // The wallet trusts a button payload only with the merchant's signature over it.
  const signedByMerchant = (payloadJSON: string, signature: string) => {
    const expected = signButtonPayload(ctx.config.payments.callbackSecret, payloadJSON);
    return expected.length === signature.length && timingSafeEqual(Buffer.from(expected), Buffer.from(signature));
  };

  app.get<{ Querystring: { payloadJSON?: string; signature?: string } }>(
    '/pay/wallet-signin',
    async (request, reply) => {
      const { payloadJSON = '', signature = '' } = request.query;
      if (!signedByMerchant(payloadJSON, signature))
        return html(
          reply,
          page({
            title: ['署名エラー', 'Bad signature'],
            lead: ['ボタンの署名が正しくありません。', 'The button signature does not verify.'],
            rows: [],
          }),
          400,
        );
      return html(
        reply,
        page({
          title: ['リテールウォレットにサインイン', 'Sign in to the retailer wallet'],
          lead: [
            'テスト用アカウントでサインインし、支払い方法を選びます。',
            'Sign in with the test account and pick a payment method.',
          ],
          rows: [['支払い方法 / Method', 'VISA **** 1111']],
          formAction: '/sandbox/pay/wallet-signin',
          hidden: { payloadJSON, signature },
          buttons: [B('signin', 'サインインして続行', 'Sign in and continue', 'primary')],
        }),
      );
    },
  );

  app.post<{ Body: { payloadJSON?: string; signature?: string } }>('/pay/wallet-signin', async (request, reply) => {
    if (!signedByMerchant(request.body?.payloadJSON ?? '', request.body?.signature ?? '')) {
      return html(reply, 'bad signature', 400);
    }
    let back = '';
    try {
      back = String(JSON.parse(request.body?.payloadJSON ?? '{}').webCheckoutDetails?.checkoutReviewReturnUrl ?? '');
    } catch {
      back = '';
    }
    if (!back.startsWith(ctx.config.publicUrl)) return html(reply, 'bad return url', 400);
    const id = await openCheckoutSession(ctx.db.pool, 'VISA **** 1111');
    return reply.redirect(withQuery(back, { amazonCheckoutSessionId: id }), 303);
  });

  // The provider's dashboard: open payments with links to their pages, for testers completing them by hand.
  app.get('/pay', async (_request, reply) => {
    const rows = await listIntents(ctx.db.pool, OPEN_STATUSES);
    const body = page({
      title: ['未完了のお支払い', 'Open payments'],
      lead: ['ページを開いて支払い・期限切れなどを操作できます。', 'Open a page to pay, decline or let it expire.'],
      rows: [],
      links: rows.map((i) => [`${i.kind} ${yen(Number(i.amount))}`, `/sandbox/pay/${i.id}`] as [string, string]),
    });
    return html(reply, body);
  });

  app.get<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
    const i = await loadIntent(ctx.db.pool, request.params.id);
    if (!i || !actionsFor(i.kind))
      return html(reply, page({ title: ['見つかりません', 'Not found'], lead: ['', ''], rows: [] }), 404);
    return html(reply, render(i));
  });

  app.post<{ Params: { id: string }; Body: { action?: string } }>('/pay/:id', async (request, reply) => {
    const before = await loadIntent(ctx.db.pool, request.params.id);
    const outcome = before ? actionsFor(before.kind)?.[request.body?.action ?? ''] : undefined;
    if (!before || !outcome) return html(reply, 'unknown payment or action', 404);
    if (outcome === 'short') {
      // The money that arrived does not match: the shop must refuse it and keep waiting.
      await deliverCallback(app, buildEvent(before, { status: 'succeeded', amount: Math.max(1, before.amount - 100) }));
      return html(reply, render(before));
    }
    const after = await moveIntent(ctx.db.pool, before.id, outcome, OPEN_STATUSES);
    if (!after) return html(reply, render(before), 409);
    // An approved retailer-wallet payment is captured later by the shop; everything else is reported now.
    if (outcome !== 'authorized') await deliverCallback(app, buildEvent(after));
    const to = returnTo(after);
    return to ? reply.redirect(to, 303) : html(reply, render(after));
  });
};
