import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AmountMismatch, applyStatus } from './payments.ts';
import { gatewayFor, WebhookRejected, type GatewayEvent } from './gateway.ts';
import type { Queryable } from './db.ts';
import { findPayment } from './store.ts';

export type CallbackOutcome =
  'processed' | 'ignored' | 'duplicate' | 'bad_signature' | 'amount_mismatch' | 'unknown_payment' | 'malformed';

async function logCallback(
  ctx: AppContext | Queryable,
  provider: string,
  eventId: string,
  paymentId: number | null,
  outcome: CallbackOutcome,
  detail: string,
  body: string,
): Promise<boolean> {
  const db = 'db' in ctx ? ctx.db.pool : ctx;
  const { rowCount } = await db.query(
    `INSERT INTO payment_callbacks (provider, event_id, payment_id, outcome, detail, body)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    [provider, eventId, paymentId, outcome, detail, body.slice(0, 20_000)],
  );
  return rowCount === 1;
}

/**
 * A provider callback: signature first (over the raw body), then the event is matched to our payment, its
 * amount compared, and the state machine applied. Every callback, accepted or not, is kept in payment_callbacks.
 * A replayed event id is answered 200 without effect, so the provider stops retrying.
 */
export async function handleCallback(
  ctx: AppContext,
  log: FastifyBaseLogger,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ httpStatus: number; outcome: CallbackOutcome }> {
  const gw = gatewayFor(ctx);
  let event: GatewayEvent | null;
  try {
    event = gw.parseWebhook(rawBody, headers);
  } catch (err) {
    const outcome = err instanceof WebhookRejected ? err.outcome : 'malformed';
    log.warn({ provider: gw.name, outcome, err: (err as Error).message }, 'payment callback rejected');
    await logCallback(
      ctx,
      gw.name,
      `rejected_${Date.now()}_${Math.random()}`,
      null,
      outcome,
      (err as Error).message,
      rawBody,
    );
    return { httpStatus: 400, outcome };
  }
  // Events about things we do not track (e.g. customer updates) are acknowledged and dropped.
  if (!event) return { httpStatus: 200, outcome: 'ignored' };

  const { rows: seen } = await ctx.db.pool.query(
    `SELECT 1 FROM payment_callbacks WHERE provider = $1 AND event_id = $2 AND outcome IN ('processed', 'ignored')`,
    [gw.name, event.eventId],
  );
  if (seen[0]) {
    await logCallback(ctx, gw.name, event.eventId, null, 'duplicate', 'replayed event id', rawBody);
    return { httpStatus: 200, outcome: 'duplicate' };
  }

  const payment =
    (await findPayment(ctx.db.pool, { providerRef: event.providerRef, gateway: gw.name })) ??
    (event.paymentId ? await findPayment(ctx.db.pool, { publicId: event.paymentId }) : null);
  if (!payment || payment.gateway !== gw.name) {
    log.warn({ provider: gw.name, event: event.eventId }, 'payment callback for an unknown payment');
    await logCallback(ctx, gw.name, event.eventId, null, 'unknown_payment', event.providerRef, rawBody);
    return { httpStatus: 404, outcome: 'unknown_payment' };
  }
  if (event.currency.toUpperCase() !== 'JPY') {
    await logCallback(
      ctx,
      gw.name,
      event.eventId,
      payment.id,
      'amount_mismatch',
      `currency ${event.currency}`,
      rawBody,
    );
    return { httpStatus: 400, outcome: 'amount_mismatch' };
  }
  try {
    // The callback is logged under the payment row lock, in the transaction that applied it: two deliveries of
    // one event cannot both pass, and the one that moved the payment is the one recorded as 'processed'.
    let outcome: CallbackOutcome = 'ignored';
    const after = await applyStatus(ctx, payment.id, event.status, `callback:${gw.name}`, {
      providerRef: payment.provider_ref ? undefined : event.providerRef,
      amount: event.amount,
      failureReason: event.reason,
      inTx: async (tx, changed, from) => {
        const o = changed ? 'processed' : 'ignored';
        const fresh = await logCallback(
          tx,
          gw.name,
          event.eventId,
          payment.id,
          o,
          `${from}→${changed ? event.status : from}`,
          rawBody,
        );
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
    await logCallback(ctx, gw.name, event.eventId, payment.id, 'amount_mismatch', err.message, rawBody);
    return { httpStatus: 400, outcome: 'amount_mismatch' };
  }
}
