import type { BuyReply } from '../../api/payments';

/** What the client does with a POST /api/user/point/buy reply (spec section 4, "Buy-point result"). */
export type BuyOutcome =
  | { kind: 'combini'; to: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'route'; to: string }
  | { kind: 'success' }
  /** clientSecret (Stripe): Stripe.js runs the step in the page, then /pay-redirect settles the payment. */
  | { kind: 'secure'; url: string; paymentId: string; clientSecret?: string }
  | { kind: 'failure'; message?: string };

export function buyOutcome(reply: BuyReply): BuyOutcome {
  if (reply.state === 200 && reply.result === '1') {
    if (reply.receipt)
      return { kind: 'combini', to: `/confirm-combini?paymentID=${encodeURIComponent(reply.receipt)}` };
    const url = reply.url ?? '';
    if (url === '1' || url === '') return { kind: 'success' };
    if (url.startsWith('http')) return { kind: 'redirect', url };
    return { kind: 'route', to: url.startsWith('/') ? url : `/${url}` };
  }
  if (reply.state === 200 && reply.result === '7') {
    // The contract puts the secure entry (/api/acs/secure?payment=…) in url; fall back to building it.
    const paymentId = reply.payment_id ?? '';
    const url = reply.url || `/api/acs/secure?payment=${encodeURIComponent(paymentId)}`;
    return { kind: 'secure', url, paymentId, ...(reply.client_secret ? { clientSecret: reply.client_secret } : {}) };
  }
  // The server's own wording (already in the member's language) is more useful than the generic text when given.
  const errors = reply.errors ?? {};
  const message = errors.general?.[0] ?? errors.pay_id?.[0] ?? Object.values(errors)[0]?.[0];
  return { kind: 'failure', message: reply.networkError ? undefined : message };
}
