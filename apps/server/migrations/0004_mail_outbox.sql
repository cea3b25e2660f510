-- Mail through an outbox (issue 12 C): a mail is a queued row written in the transaction of what it reports, and
-- the deliver-mail job sends it (jobs/deliver-mail.ts), retrying with backoff until it is sent or has failed
-- MAIL_MAX_ATTEMPTS times. SMTP being down then delays a mail but never loses it or fails the purchase.

-- Rows from before this migration were sent when written (or were the sandbox's only copy): they count as sent,
-- so turning SMTP on does not send old mails again. New rows default to queued.
ALTER TABLE outbox_messages
  ADD COLUMN kind text NOT NULL DEFAULT '',
  ADD COLUMN html text,
  ADD COLUMN status text NOT NULL DEFAULT 'sent' CHECK (status IN ('queued', 'sent', 'failed')),
  ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN last_error text,
  ADD COLUMN sent_at timestamptz;
UPDATE outbox_messages SET sent_at = created_at;
ALTER TABLE outbox_messages ALTER COLUMN status SET DEFAULT 'queued';
ALTER TABLE outbox_messages
  ADD CONSTRAINT outbox_messages_sent_has_time CHECK ((status = 'sent') = (sent_at IS NOT NULL));

-- The delivery job's claim: due queued rows, oldest due first.
CREATE INDEX outbox_messages_due ON outbox_messages (next_attempt_at) WHERE status = 'queued';

-- Which point lots a "points expiring" mail has already named: a lot is announced once, whatever the job's runs.
CREATE TABLE point_expiry_notices (
  lot_id bigint PRIMARY KEY REFERENCES point_lots (id),
  member_id bigint NOT NULL REFERENCES members (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
