import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/queryable.ts';
import { callbackHandled, insertCallback } from '../../db/queries/payment-callbacks.ts';
import { findPayment } from '../../db/queries/payments.ts';
import { callbackRecord } from './callback-evidence.ts';
import { WebhookRejected, type GatewayEvent, type PaymentGateway } from './gateways/gateway.ts';
import { AmountMismatch, applyStatus } from './status.ts';

export type CallbackOutcome =
  'processed' | 'ignored' | 'duplicate' | 'bad_signature' | 'amount_mismatch' | 'unknown_payment' | 'malformed';

export interface CallbackOptions {
  /**
   * Asked before a rejected callback is recorded; false skips the row (the log line stays). The webhook route
   * passes a per-instance budget, so a flood from many addresses cannot grow the table without bound either.
   */
  mayRecordRejected?: () => boolean;
}

/**
 * A provider callback: signature first (over the raw body), then the event is matched to our payment, its
 * amount compared, and the state machine applied. Every callback is kept in payment_callbacks: an accepted one with
 * its body, a rejected one as a bounded summary (callback-evidence.ts) while the caller's budget allows. A replayed
 * event id is answered 200 without effect, so the provider stops retrying.
 */
export async function handleCallback(
  ctx: AppContext,
  log: FastifyBaseLogger,
  gw: PaymentGateway,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  opts: CallbackOptions = {},
): Promise<{ httpStatus: number; outcome: CallbackOutcome }> {
  const record = (db: Queryable, eventId: string, paymentId: number | null, outcome: CallbackOutcome, detail: string) =>
    insertCallback(
      db,
      callbackRecord({ provider: gw.name, eventId, paymentId, outcome, detail, receivedAt: ctx.clock.now() }, rawBody),
    );
  const reject = async (eventId: string, paymentId: number | null, outcome: CallbackOutcome, detail: string) => {
    if (opts.mayRecordRejected?.() === false) {
      log.warn({ provider: gw.name, outcome }, 'payment callback not recorded: too many rejected callbacks');
      return;
    }
    await record(ctx.db.pool, eventId, paymentId, outcome, detail);
  };

  let event: GatewayEvent | null;
  try {
    event = gw.parseWebhook(rawBody, headers);
  } catch (err) {
    const outcome = err instanceof WebhookRejected ? err.outcome : 'malformed';
    log.warn({ provider: gw.name, outcome, err: (err as Error).message }, 'payment callback rejected');
    await reject(`rejected_${randomUUID()}`, null, outcome, (err as Error).message);
    return { httpStatus: 400, outcome };
  }
  // Events about things we do not track (e.g. customer updates) are acknowledged and dropped.
  if (!event) return { httpStatus: 200, outcome: 'ignored' };

  if (await callbackHandled(ctx.db.pool, gw.name, event.eventId)) {
    await reject(event.eventId, null, 'duplicate', 'replayed event id');
    return { httpStatus: 200, outcome: 'duplicate' };
  }

  // Only the provider's own id for the payment matches: the merchant reference in the body is ours, so a callback
  // that names an unknown intent with one of our payment ids is refused even when signed (defence in depth, A12).
  // A callback that beats the shop storing the id (right after createPayment) gets 404 and the provider retries.
  const payment = await findPayment(ctx.db.pool, { providerRef: event.providerRef, gateway: gw.name });
  if (!payment) {
    log.warn(
      { provider: gw.name, event: event.eventId, merchantRef: event.paymentId },
      'payment callback for an unknown payment',
    );
    await reject(event.eventId, null, 'unknown_payment', event.providerRef);
    return { httpStatus: 404, outcome: 'unknown_payment' };
  }
  if (event.currency.toUpperCase() !== 'JPY') {
    await reject(event.eventId, payment.id, 'amount_mismatch', `currency ${event.currency}`);
    return { httpStatus: 400, outcome: 'amount_mismatch' };
  }
  try {
    // The callback is logged under the payment row lock, in the transaction that applied it: two deliveries of
    // one event cannot both pass, and the one that moved the payment is the one recorded as 'processed'.
    let outcome: CallbackOutcome = 'ignored';
    const after = await applyStatus(ctx, payment.id, event.status, `callback:${gw.name}`, {
      amount: event.amount,
      failureReason: event.reason,
      inTx: async (tx, changed, from) => {
        const o = changed ? 'processed' : 'ignored';
        const fresh = await record(tx, event.eventId, payment.id, o, `${from}→${changed ? event.status : from}`);
        outcome = fresh ? o : 'duplicate';
      },
    });
    if (!after.changed && event.status === 'succeeded' && after.status !== 'succeeded') {
      // Money arrived for a payment we already closed: the operator must refund it by hand.
      log.error({ payment: payment.public_id, status: after.status }, 'provider reports payment after it was closed');
    }
    return { httpStatus: 200, outcome };
  } catch (err) {
    if (!(err instanceof AmountMismatch)) throw err;
    log.warn({ payment: payment.public_id, expected: err.expected, got: err.got }, 'payment callback amount mismatch');
    await reject(event.eventId, payment.id, 'amount_mismatch', err.message);
    return { httpStatus: 400, outcome: 'amount_mismatch' };
  }
}
