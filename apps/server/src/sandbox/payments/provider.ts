import { randomBytes, randomInt } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type {
  CreatePayment,
  GatewayOutcome,
  ProviderPayment,
  ProviderStatus,
  SavedCardRef,
} from '../../services/payments/gateway.ts';
import { GatewayInputError } from '../../services/payments/gateway.ts';
import { maskNumber, TEST_CARDS } from './card-token.ts';

/**
 * The sandbox payment company's books. It behaves like an outside provider: it knows only its own intents
 * (amount, status, the shop's reference), shows its own pages, and tells the shop about outcomes through signed
 * callbacks (callbacks.ts). 'authorized' is the retailer wallet's approved-but-not-captured state.
 */
export type IntentKind = '3ds' | 'card' | 'combini' | 'bank' | 'carrier' | `wallet_${string}`;
export type IntentStatus = ProviderStatus | 'authorized';

export interface Intent {
  id: string;
  kind: IntentKind;
  amount: number;
  status: IntentStatus;
  merchant_ref: string;
  detail: Record<string, string>;
  return_url: string;
  expires_at: Date | null;
}

export const SANDBOX_BANK = {
  bank: 'サンドボックス銀行',
  branch: 'キラキラ支店（101）',
  accountType: '普通',
  name: 'カ）キラキラトレーディング',
};

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

export async function loadIntent(ctx: AppContext, id: string): Promise<Intent | null> {
  const { rows } = await ctx.db.pool.query<Intent>('SELECT * FROM sandbox_intents WHERE id = $1', [id]);
  return rows[0] ? { ...rows[0], amount: Number(rows[0].amount) } : null;
}

async function insertIntent(ctx: AppContext, i: Omit<Intent, 'id'> & { id?: string }): Promise<Intent> {
  const id = i.id ?? newId('si');
  await ctx.db.pool.query(
    `INSERT INTO sandbox_intents (id, kind, amount, status, merchant_ref, detail, return_url, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, i.kind, i.amount, i.status, i.merchant_ref, JSON.stringify(i.detail), i.return_url, i.expires_at],
  );
  return { ...i, id };
}

/** Moves an intent from an open state; returns the updated intent, or null when it was no longer open. */
export async function moveIntent(
  ctx: AppContext,
  id: string,
  to: IntentStatus,
  from: IntentStatus[],
): Promise<Intent | null> {
  const { rows } = await ctx.db.pool.query<Intent>(
    `UPDATE sandbox_intents SET status = $2, updated_at = now() WHERE id = $1 AND status = ANY($3) RETURNING *`,
    [id, to, from],
  );
  return rows[0] ? { ...rows[0], amount: Number(rows[0].amount) } : null;
}

export const OPEN_STATUSES: IntentStatus[] = ['pending', 'requires_action', 'authorized'];

interface CardRow {
  token: string;
  last4: string;
  brand: string;
  fingerprint: string;
  expire: string;
  reusable: boolean;
  used_at: Date | null;
}

/** Takes a one-time token (marking it used in the same statement, so two charges cannot share it) or a saved card. */
async function takeCard(ctx: AppContext, ref: string, reusable: boolean): Promise<CardRow> {
  const { rows } = reusable
    ? await ctx.db.pool.query<CardRow>('SELECT * FROM sandbox_card_tokens WHERE token = $1 AND reusable', [ref])
    : await ctx.db.pool.query<CardRow>(
        `UPDATE sandbox_card_tokens SET used_at = now() WHERE token = $1 AND NOT reusable AND used_at IS NULL
           AND created_at > now() - interval '30 minutes' RETURNING *`,
        [ref],
      );
  if (rows[0]) return rows[0];
  const { rows: known } = await ctx.db.pool.query('SELECT 1 FROM sandbox_card_tokens WHERE token = $1', [ref]);
  throw new GatewayInputError(known[0] ? 'cardTokenUsed' : 'cardTokenInvalid');
}

function cardBehaviour(last4: string): 'decline' | '3ds' | 'ok' {
  if (last4 === TEST_CARDS.declined.slice(-4)) return 'decline';
  if (last4 === TEST_CARDS.threeDSecure.slice(-4)) return '3ds';
  return 'ok';
}

export async function createIntent(ctx: AppContext, req: CreatePayment, pageBase: string): Promise<GatewayOutcome> {
  const base = {
    amount: req.amount,
    merchant_ref: req.paymentId,
    return_url: req.returnUrls.success,
    expires_at: req.expiresAt,
  };
  const pageUrl = (id: string) => `${pageBase}/sandbox/pay/${id}`;
  const m = req.method;
  switch (m.kind) {
    case 'card': {
      const card = await takeCard(ctx, (m.savedCardRef ?? m.token)!, m.savedCardRef !== undefined);
      const behaviour = cardBehaviour(card.last4);
      const detail = { last4: card.last4, brand: card.brand };
      if (behaviour === 'decline') {
        const i = await insertIntent(ctx, { ...base, kind: 'card', status: 'failed', detail });
        return { status: 'failed', providerRef: i.id, reason: 'card_declined' };
      }
      if (behaviour === '3ds' || m.force3ds) {
        const i = await insertIntent(ctx, { ...base, kind: '3ds', status: 'requires_action', detail });
        return { status: 'requires_action', providerRef: i.id, redirectUrl: pageUrl(i.id) };
      }
      const i = await insertIntent(ctx, { ...base, kind: 'card', status: 'succeeded', detail });
      return { status: 'succeeded', providerRef: i.id };
    }
    case 'combini': {
      const receipt = digits(11);
      const i = await insertIntent(ctx, {
        ...base,
        kind: 'combini',
        status: 'pending',
        detail: { store: m.store, receipt },
      });
      return {
        status: 'pending',
        providerRef: i.id,
        instructions: { kind: 'combini', receipt, slipUrl: pageUrl(i.id), store: m.store },
      };
    }
    case 'bank': {
      const number = digits(7);
      const i = await insertIntent(ctx, {
        ...base,
        kind: 'bank',
        status: 'pending',
        detail: { number, holder: m.holderName },
      });
      // The bank's own page (where a tester reconciles or lets the transfer lapse) rides along as redirectUrl.
      return {
        status: 'pending',
        providerRef: i.id,
        redirectUrl: pageUrl(i.id),
        instructions: { kind: 'bank', ...SANDBOX_BANK, number },
      };
    }
    case 'carrier': {
      const i = await insertIntent(ctx, {
        ...base,
        kind: 'carrier',
        status: 'pending',
        detail: { carrier: m.carrier, failure_url: req.returnUrls.failure },
      });
      return { status: 'pending', providerRef: i.id, redirectUrl: pageUrl(i.id) };
    }
    case 'wallet': {
      const detail: Record<string, string> = { wallet: m.wallet };
      if (m.checkoutSessionId) detail.checkout_session = m.checkoutSessionId;
      const i = await insertIntent(ctx, { ...base, kind: `wallet_${m.wallet}`, status: 'pending', detail });
      return { status: 'pending', providerRef: i.id, redirectUrl: pageUrl(i.id) };
    }
  }
}

export async function retrieveIntent(ctx: AppContext, id: string): Promise<ProviderPayment> {
  const i = await loadIntent(ctx, id);
  if (!i) throw new GatewayInputError('paymentNotFound', 'general');
  // 'authorized' is still open from the shop's point of view: money is not captured yet.
  const status: ProviderStatus = i.status === 'authorized' ? 'pending' : i.status;
  return { providerRef: i.id, status, amount: i.amount };
}

export async function saveCardRef(ctx: AppContext, token: string): Promise<SavedCardRef> {
  const card = await takeCard(ctx, token, false);
  const ref = `card_${randomBytes(18).toString('base64url')}`;
  await ctx.db.pool.query(
    `INSERT INTO sandbox_card_tokens (token, last4, brand, fingerprint, expire, holder, reusable)
     SELECT $2, last4, brand, fingerprint, expire, holder, true FROM sandbox_card_tokens WHERE token = $1`,
    [token, ref],
  );
  return {
    providerRef: ref,
    fingerprint: card.fingerprint,
    masked: maskNumber(card.last4),
    brand: card.brand,
    expire: card.expire,
  };
}

/** The retailer wallet captures only when the shop completes the checkout after the member approved it. */
export async function captureCheckout(ctx: AppContext, id: string): Promise<ProviderPayment> {
  const moved = await moveIntent(ctx, id, 'succeeded', ['authorized']);
  return retrieveIntent(ctx, moved?.id ?? id);
}

/** The retailer wallet's sign-in: a checkout session naming the payment method the member picked there. */
export async function openCheckoutSession(ctx: AppContext, payMethod: string): Promise<string> {
  const i = await insertIntent(ctx, {
    kind: 'wallet_session',
    amount: 0,
    status: 'pending',
    merchant_ref: '',
    detail: { payMethod },
    return_url: '',
    expires_at: null,
  });
  return i.id.replace(/^si_/, 'cs_');
}

export async function describeCheckoutSession(ctx: AppContext, id: string): Promise<{ payMethod: string } | null> {
  if (!/^cs_[A-Za-z0-9_-]+$/.test(id)) return null;
  const i = await loadIntent(ctx, id.replace(/^cs_/, 'si_'));
  return i && i.kind === 'wallet_session' ? { payMethod: String(i.detail.payMethod ?? '') } : null;
}
