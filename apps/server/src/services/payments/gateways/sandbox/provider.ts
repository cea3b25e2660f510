import { randomBytes, randomInt } from 'node:crypto';
import { combiniChain } from '@oripa/core';
import type { Queryable } from '../../../../db/queryable.ts';
import {
  cardTokenExists,
  copyAsReusableCard,
  findIntent,
  findIntentByMerchantRef,
  findReusableCard,
  insertIntent as insertIntentRow,
  takeOneTimeToken,
  updateIntentStatus,
  type SandboxCardRow,
  type SandboxIntentRow,
} from '../../../../db/queries/sandbox-payments.ts';
import type { CreatePayment, GatewayOutcome, ProviderPayment, ProviderStatus, SavedCardRef } from '../gateway.ts';
import { GatewayInputError } from '../gateway.ts';
import { maskNumber, TEST_CARDS } from './test-cards.ts';

/**
 * The sandbox payment company's books. It behaves like an outside provider: it knows only its own intents
 * (amount, status, the shop's reference), shows its own pages (src/sandbox/payments), and tells the shop about
 * outcomes through signed callbacks. 'authorized' is the retailer wallet's approved-but-not-captured state.
 */
export type Intent = SandboxIntentRow;
export type IntentKind = Intent['kind'];
export type IntentStatus = ProviderStatus | 'authorized';

export const SANDBOX_BANK = {
  bank: 'サンドボックス銀行',
  branch: 'キラキラ支店（101）',
  accountType: '普通',
  name: 'カ）キラキラトレーディング',
};

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

export const loadIntent = findIntent;

async function insertIntent(db: Queryable, i: Omit<Intent, 'id'> & { id?: string }): Promise<Intent> {
  const row = { ...i, id: i.id ?? newId('si') };
  await insertIntentRow(db, row);
  return row;
}

/** Moves an intent from an open state; returns the updated intent, or null when it was no longer open. */
export const moveIntent = updateIntentStatus;

export const OPEN_STATUSES: IntentStatus[] = ['pending', 'requires_action', 'authorized'];

/** Takes a one-time token (marking it used, so two charges cannot share it) or a saved card. */
async function takeCard(db: Queryable, ref: string, reusable: boolean): Promise<SandboxCardRow> {
  const card = reusable ? await findReusableCard(db, ref) : await takeOneTimeToken(db, ref);
  if (card) return card;
  throw new GatewayInputError((await cardTokenExists(db, ref)) ? 'cardTokenUsed' : 'cardTokenInvalid');
}

function cardBehaviour(last4: string): 'decline' | '3ds' | 'ok' {
  if (last4 === TEST_CARDS.declined.slice(-4)) return 'decline';
  if (last4 === TEST_CARDS.threeDSecure.slice(-4)) return '3ds';
  return 'ok';
}

export async function createIntent(db: Queryable, req: CreatePayment, pageBase: string): Promise<GatewayOutcome> {
  const base = {
    amount: req.amount,
    merchant_ref: req.paymentId,
    return_url: req.returnUrls.success,
    expires_at: req.expiresAt,
  };
  const pageUrl = (id: string) => `${pageBase}/sandbox/pay/${id}`;
  // Every method but a card waits on the provider's page: an intent left pending until a tester answers it there.
  const pending = async (kind: Intent['kind'], detail: Record<string, string>) =>
    (await insertIntent(db, { ...base, kind, status: 'pending', detail })).id;
  const m = req.method;
  switch (m.kind) {
    case 'card': {
      const card = await takeCard(db, (m.savedCardRef ?? m.token)!, m.savedCardRef !== undefined);
      const behaviour = cardBehaviour(card.last4);
      const detail = { last4: card.last4, brand: card.brand };
      if (behaviour === 'decline') {
        const i = await insertIntent(db, { ...base, kind: 'card', status: 'failed', detail });
        return { status: 'failed', providerRef: i.id, reason: 'card_declined' };
      }
      if (behaviour === '3ds' || m.force3ds) {
        const i = await insertIntent(db, { ...base, kind: '3ds', status: 'requires_action', detail });
        return { status: 'requires_action', providerRef: i.id, redirectUrl: pageUrl(i.id) };
      }
      const i = await insertIntent(db, { ...base, kind: 'card', status: 'succeeded', detail });
      return { status: 'succeeded', providerRef: i.id };
    }
    case 'combini': {
      // As the chains number their payments: Seven-Eleven a 13-digit slip number, the terminal chains a customer
      // number with a confirmation number, the counter chains an 11-digit receipt number.
      const instruction = combiniChain(m.store)!.instruction;
      const receipt = digits(instruction === 'online_slip' ? 13 : 11);
      const confirmation = instruction === 'confirmation_number' ? digits(6) : undefined;
      const id = await pending('combini', { store: m.store, receipt, ...(confirmation ? { confirmation } : {}) });
      return {
        status: 'pending',
        providerRef: id,
        instructions: { kind: 'combini', receipt, confirmation, slipUrl: pageUrl(id), store: m.store },
      };
    }
    case 'bank': {
      const number = digits(7);
      const id = await pending('bank', { number, holder: m.holderName });
      // The bank's own page (where a tester reconciles or lets the transfer lapse) rides along as redirectUrl.
      return {
        status: 'pending',
        providerRef: id,
        redirectUrl: pageUrl(id),
        instructions: { kind: 'bank', ...SANDBOX_BANK, number },
      };
    }
    case 'carrier': {
      const id = await pending('carrier', { carrier: m.carrier, failure_url: req.returnUrls.failure });
      return { status: 'pending', providerRef: id, redirectUrl: pageUrl(id) };
    }
    case 'wallet': {
      const detail: Record<string, string> = { wallet: m.wallet };
      if (m.checkoutSessionId) detail.checkout_session = m.checkoutSessionId;
      const id = await pending(`wallet_${m.wallet}`, detail);
      return { status: 'pending', providerRef: id, redirectUrl: pageUrl(id) };
    }
  }
}

export async function retrieveIntent(db: Queryable, id: string): Promise<ProviderPayment> {
  const i = await loadIntent(db, id);
  if (!i) throw new GatewayInputError('paymentNotFound', 'general');
  return asProviderPayment(i);
}

/** The intent made for one of the shop's payment ids, as the shop sees it; null when there is none. */
export async function findIntentFor(db: Queryable, merchantRef: string): Promise<ProviderPayment | null> {
  const i = await findIntentByMerchantRef(db, merchantRef);
  return i ? asProviderPayment(i) : null;
}

function asProviderPayment(i: Intent): ProviderPayment {
  // 'authorized' is still open from the shop's point of view: money is not captured yet.
  const status: ProviderStatus = i.status === 'authorized' ? 'pending' : i.status;
  return { providerRef: i.id, status, amount: i.amount };
}

export async function saveCardRef(db: Queryable, token: string): Promise<SavedCardRef> {
  const card = await takeCard(db, token, false);
  const ref = `card_${randomBytes(18).toString('base64url')}`;
  await copyAsReusableCard(db, token, ref);
  return {
    providerRef: ref,
    fingerprint: card.fingerprint,
    masked: maskNumber(card.last4),
    brand: card.brand,
    expire: card.expire,
  };
}

/** The retailer wallet captures only when the shop completes the checkout after the member approved it. */
export async function captureCheckout(db: Queryable, id: string): Promise<ProviderPayment> {
  const moved = await moveIntent(db, id, 'succeeded', ['authorized']);
  return retrieveIntent(db, moved?.id ?? id);
}

/** The retailer wallet's sign-in: a checkout session naming the payment method the member picked there. */
export async function openCheckoutSession(db: Queryable, payMethod: string): Promise<string> {
  const i = await insertIntent(db, {
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

export async function describeCheckoutSession(db: Queryable, id: string): Promise<{ payMethod: string } | null> {
  if (!/^cs_[A-Za-z0-9_-]+$/.test(id)) return null;
  const i = await loadIntent(db, id.replace(/^cs_/, 'si_'));
  return i && i.kind === 'wallet_session' ? { payMethod: String(i.detail.payMethod ?? '') } : null;
}
