/**
 * A partner site whose points a member moves here (ADR 0023). Two implementations: the sandbox partner (its own
 * accounts and balances in this database) and the HTTP adapter (signed requests to the partner's API).
 * A call that cannot tell what happened (network, timeout, a 5xx) throws PartnerUnavailableError; the transfer then
 * stays pending and the reconcile job repeats the debit with the same idempotency key.
 */
export interface PartnerGateway {
  /** Checks the partner login and that the account's phone number is the member's; null when either fails. */
  login(input: { loginid: string; password: string; tel: string }): Promise<{ account: string } | null>;
  /** The account's points at the partner. */
  balance(account: string): Promise<number>;
  /**
   * Takes `point` from the account, at most once per idempotency key: a repeated key answers the first outcome
   * without a second debit.
   */
  debit(input: { account: string; point: number; idempotencyKey: string }): Promise<PartnerDebitOutcome>;
}

export type PartnerDebitOutcome = { status: 'done' } | { status: 'refused'; reason: string };

export class PartnerUnavailableError extends Error {}

/** Phone numbers compared digits only (the partner may store hyphens). */
export const sameTel = (a: string, b: string) => a.replace(/\D/g, '') === b.replace(/\D/g, '');
