import type { Queryable } from '../../../db/queryable.ts';

/** One SMS to one number (E.164). */
export interface SmsMessage {
  to: string;
  body: string;
  /** What it is, for the sandbox outbox ('sms_code'). */
  kind: string;
}

/** The provider refused or could not be reached; `detail` is for the log, never for the member. */
export class SmsSendError extends Error {
  constructor(readonly detail: string) {
    super(`sms send failed: ${detail}`);
  }
}

/**
 * The SMS company behind a narrow interface (like the payment gateway), chosen by SMS_PROVIDER. `db` is the
 * caller's transaction: the sandbox writes its outbox row there, so a rolled-back send leaves no message.
 */
export interface SmsGateway {
  readonly name: string;
  send(db: Queryable, m: SmsMessage, now: Date): Promise<{ providerRef: string }>;
}
