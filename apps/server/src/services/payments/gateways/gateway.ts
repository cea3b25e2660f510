import type { CarrierId, CombiniCode, PayId } from '@oripa/core';

/**
 * The one interface the shop talks to a payment company through. The shop owns its payment row and state
 * machine; a gateway only starts, looks up, cancels and reports payments, and verifies its own callbacks.
 * Implementations: the sandbox gateway (default; DESIGN.md section 3) and Stripe (PAYMENT_PROVIDER=stripe); the
 * one in use is chosen at start (create-gateway.ts) and kept on the AppContext as ctx.gateway.
 */
/** Wallets and app payments: PayPal, Amazon Pay, Google Pay, PayPay, メルペイ, au PAY, Paidy, Apple Pay. */
export type WalletKind = 'global' | 'retailer' | 'search' | 'mobile' | 'merpay' | 'aupay' | 'paidy' | 'apple';

export type PaymentMethod =
  | { kind: 'card'; token?: string; savedCardRef?: string; force3ds: boolean; holder?: string }
  | { kind: 'combini'; store: CombiniCode }
  | { kind: 'bank'; holderName: string }
  | { kind: 'carrier'; carrier: CarrierId }
  | { kind: 'wallet'; wallet: WalletKind; checkoutSessionId?: string };

export interface ReturnUrls {
  /** Where the provider sends the browser back after the member acted (success, or any outcome). */
  success: string;
  /** Where it goes after a refusal, when the method has a separate failure page (carrier). */
  failure: string;
  /**
   * One address for every outcome, for a provider that takes a single return URL (KOMOJU): it asks the provider how
   * the payment ended before saying so. A method whose pages tell success from failure by their address (carrier:
   * /complete-carrier, /error-carrier) must not send a refused payment to its success page.
   */
  anyOutcome?: string;
}

export interface CreatePayment {
  /** Our public payment id; the provider keeps it as the merchant reference and echoes it in callbacks. */
  paymentId: string;
  memberId: number;
  amount: number;
  payId: PayId;
  description: string;
  method: PaymentMethod;
  returnUrls: ReturnUrls;
  /** Deadline for deferred methods (convenience store, bank transfer). */
  expiresAt: Date;
  /** Billing details some methods require (convenience store, bank transfer at real providers). */
  buyer: { name: string; email: string };
  /**
   * Record-before-charge (ADR 0005): a provider that creates its payment before charging calls this with its id
   * in between, and charges only once it resolved (the shop committed the id). A crash after that leaves a payment
   * whose provider id the shop knows, so a webhook or the reconcile job can finish it.
   */
  recordRef?: (providerRef: string) => Promise<void>;
}

export interface CombiniInstructions {
  kind: 'combini';
  /** The number the chain asks for: slip number, customer number or receipt number (core combiniChain). */
  receipt: string;
  /** The confirmation number the terminal chains (Lawson, Ministop, FamilyMart) ask for beside it. */
  confirmation?: string;
  slipUrl: string;
  store: CombiniCode;
}
export interface BankInstructions {
  kind: 'bank';
  bank: string;
  branch: string;
  accountType: string;
  number: string;
  name: string;
}

export type GatewayOutcome =
  | { status: 'succeeded'; providerRef: string }
  | { status: 'failed'; providerRef?: string; reason: string }
  /** clientSecret: the provider's browser library can run the step in the page (Stripe.js handleNextAction). */
  | { status: 'requires_action'; providerRef: string; redirectUrl: string; clientSecret?: string }
  | {
      status: 'pending';
      providerRef: string;
      redirectUrl?: string;
      instructions?: CombiniInstructions | BankInstructions;
    };

export type ProviderStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'cancelled' | 'expired';

export interface ProviderPayment {
  providerRef: string;
  status: ProviderStatus;
  amount: number;
  reason?: string;
}

/** A verified callback: what the provider says happened to one payment. */
export interface GatewayEvent {
  eventId: string;
  providerRef: string;
  paymentId: string | null;
  status: ProviderStatus;
  amount: number;
  currency: string;
  reason?: string;
}

export interface SavedCardRef {
  providerRef: string;
  fingerprint: string;
  masked: string;
  brand: string;
  expire: string;
}

export class WebhookRejected extends Error {
  constructor(
    readonly outcome: 'bad_signature' | 'malformed',
    message: string,
  ) {
    super(message);
  }
}

/** A refusal the member can act on (bad or used token, unknown card); not a decline of a real charge. */
export class GatewayInputError extends Error {
  constructor(
    readonly messageKey: string,
    readonly field = 'token',
  ) {
    super(messageKey);
  }
}

export type ProviderName = 'sandbox' | 'stripe' | 'komoju';

export interface PaymentGateway {
  readonly name: ProviderName;
  /**
   * Routing per method (PAYMENT_ROUTES, ADR 0042): the gateway that serves a pay id, and a provider's gateway by
   * name (a payment's `gateway`, a webhook's path). Only the routed gateway has them; see routes.ts.
   */
  route?(payId: PayId): PaymentGateway;
  named?(name: string): PaymentGateway | undefined;
  supports(payId: PayId): boolean;
  createPayment(req: CreatePayment): Promise<GatewayOutcome>;
  retrieve(providerRef: string): Promise<ProviderPayment>;
  /**
   * The provider's payment made for our payment id (its merchant reference), or null when it has none: how the
   * reconcile job finds a payment whose provider id the shop never saved. Asked over the provider's authenticated
   * API by the shop itself, never taken from a callback (A12).
   */
  findByMerchantRef(paymentId: string): Promise<ProviderPayment | null>;
  /** Cancels an unpaid payment at the provider; false when the provider says it can no longer be cancelled. */
  cancel(providerRef: string): Promise<boolean>;
  /** Verifies the signature over the raw body and parses the event; throws WebhookRejected. */
  parseWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): GatewayEvent | null;
  /** Turns a one-time card token into a reusable card reference for the member. */
  saveCard(token: string, memberId: number): Promise<SavedCardRef>;
  /** Retailer wallet: captures an approved checkout session (after the member came back). */
  completeCheckout(providerRef: string): Promise<ProviderPayment>;
  /** Retailer wallet: the signed button payload and the wallet page the button opens. */
  checkoutButton?(payloadJSON: string): { signature: string; url: string };
  /** Retailer wallet: the payment method the member chose in a checkout session, or null if unknown. */
  describeCheckout?(checkoutSessionId: string): Promise<{ payMethod: string } | null>;
}
