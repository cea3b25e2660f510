import { many, maybeOne, type Queryable } from '../queryable.ts';

/** A mail or SMS as written to the outbox (the delivery queue and log; the sandbox's inbox). */
export interface OutboxRow {
  id: number;
  channel: 'mail' | 'sms' | 'push';
  kind: string;
  recipient: string;
  subject: string;
  /** The plain-text part. */
  body: string;
  html: string | null;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  sent_at: Date | null;
  created_at: Date;
}

export interface NewOutboxMail {
  to: string;
  kind: string;
  subject: string;
  text: string;
  html: string | null;
  /** When it may first be sent (the shop's clock). */
  now: Date;
}

const COLUMNS =
  'id, channel, kind, recipient, subject, body, html, status, attempts, next_attempt_at, last_error, sent_at, created_at';

/** Queues a mail; on the caller's transaction client it is sent only if that transaction commits. */
export async function insertOutboxMail(db: Queryable, m: NewOutboxMail): Promise<number> {
  const row = await maybeOne<{ id: string }>(
    db,
    `INSERT INTO outbox_messages (channel, kind, recipient, subject, body, html, next_attempt_at, created_at)
     VALUES ('mail', $1, $2, $3, $4, $5, $6, $6) RETURNING id`,
    [m.kind, m.to, m.subject, m.text, m.html, m.now],
  );
  return Number(row!.id);
}

/**
 * Claims up to `limit` due queued mails for one delivery attempt: SKIP LOCKED lets several instances claim
 * disjoint rows, and the claim commits at once with attempts + 1 and next_attempt_at moved `leaseMs` out, so no
 * other runner takes the row while this one sends it, and a runner that dies mid-send leaves it to be retried then.
 */
export async function claimDueMails(
  db: Queryable,
  now: Date,
  limit: number,
  leaseMs: number,
  channel: 'mail' | 'push' = 'mail',
): Promise<OutboxRow[]> {
  return many<OutboxRow>(
    db,
    `UPDATE outbox_messages o
     SET attempts = o.attempts + 1, next_attempt_at = $1::timestamptz + $3 * interval '1 millisecond'
     WHERE o.id IN (
       SELECT id FROM outbox_messages
       WHERE channel = $4 AND status = 'queued' AND next_attempt_at <= $1
       ORDER BY next_attempt_at, id
       LIMIT $2
       FOR UPDATE SKIP LOCKED)
     RETURNING o.*`,
    [now, limit, leaseMs, channel],
  );
}

/** The mail reached the SMTP server. Only a queued row moves, so a late duplicate report changes nothing. */
export async function markMailSent(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query(
    "UPDATE outbox_messages SET status = 'sent', sent_at = $2, last_error = NULL WHERE id = $1 AND status = 'queued'",
    [id, now],
  );
}

/**
 * An attempt failed: the row is due again base · 2^(attempts - 1) from now (at most cap), or is failed for good
 * once it has had `maxAttempts`. Failing for good writes the staff event 'mail.failed' in the same statement
 * (ADR 0046), except for the staff's own notice mails (`quietKind`: reporting their failure would mail again) and
 * for pushes (a push given up on falls back to a mail, ADR 0051).
 */
export async function markMailAttemptFailed(
  db: Queryable,
  id: number,
  error: string,
  now: Date,
  retry: { maxAttempts: number; baseMs: number; capMs: number; quietKind: string },
): Promise<void> {
  await db.query(
    `WITH o AS (
       UPDATE outbox_messages
       SET last_error = $2,
           status = CASE WHEN attempts >= $4 THEN 'failed' ELSE 'queued' END,
           next_attempt_at = $3::timestamptz
             + least($6::float8, $5::float8 * power(2, greatest(attempts - 1, 0))) * interval '1 millisecond'
       WHERE id = $1 AND status = 'queued'
       RETURNING id, status, channel, kind, recipient, subject, last_error
     )
     INSERT INTO staff_events (kind, subject_id, detail, created_at)
     SELECT 'mail.failed', o.id,
       jsonb_build_object('recipient', o.recipient, 'subject', o.subject, 'error', left(o.last_error, 200),
         'member_id', (SELECT m.id FROM members m WHERE lower(m.mail) = lower(o.recipient))),
       $3
     FROM o WHERE o.status = 'failed' AND o.channel <> 'push' AND o.kind <> $7
     ON CONFLICT DO NOTHING`,
    [id, error.slice(0, 1000), now, retry.maxAttempts, retry.baseMs, retry.capMs, retry.quietKind],
  );
}

/** The newest 100 messages, newest first (the sandbox's inbox, with each mail's delivery state; text parts only). */
export async function listRecentOutbox(db: Queryable): Promise<Omit<OutboxRow, 'html'>[]> {
  return many(db, `SELECT ${COLUMNS.replace(' html,', '')} FROM outbox_messages ORDER BY id DESC LIMIT 100`);
}
