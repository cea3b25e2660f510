import type { PaymentStatus } from '../contract/payments.ts';

/**
 * The payment state machine (docs/decisions/0005-payment-state-machine-and-idempotency.md):
 * created → pending → (requires_action) → succeeded | failed | cancelled | expired.
 * Terminal states never change again, which is what makes a late or repeated completion harmless.
 */
const NEXT: Record<PaymentStatus, readonly PaymentStatus[]> = {
  created: ['pending', 'requires_action', 'succeeded', 'failed', 'cancelled', 'expired'],
  pending: ['requires_action', 'succeeded', 'failed', 'cancelled', 'expired'],
  requires_action: ['pending', 'succeeded', 'failed', 'cancelled', 'expired'],
  succeeded: [],
  failed: [],
  cancelled: [],
  expired: [],
};

export const TERMINAL_STATUSES: readonly PaymentStatus[] = ['succeeded', 'failed', 'cancelled', 'expired'];

export function canTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  return NEXT[from].includes(to);
}

export function isTerminal(status: PaymentStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}
