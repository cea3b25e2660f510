-- Operations (issue 12, A2): a rejected payment callback is kept as a bounded summary, not its whole body, and
-- rejected rows are purged by a job (jobs/purge-rejected-callbacks.ts), so unsigned posts cannot grow the table
-- without bound. Accepted callbacks ('processed', 'ignored') keep their body as evidence of what the provider said.

ALTER TABLE payment_callbacks
  ADD COLUMN body_bytes integer NOT NULL DEFAULT 0,
  ADD COLUMN body_sha256 text NOT NULL DEFAULT '';

-- Rows from before this migration: measure what they hold, then cut rejected bodies to the new bound.
UPDATE payment_callbacks
SET body_bytes = octet_length(body), body_sha256 = encode(sha256(convert_to(body, 'UTF8')), 'hex');
UPDATE payment_callbacks
SET body = left(body, 128)
WHERE outcome NOT IN ('processed', 'ignored') AND octet_length(body) > 512;

-- The bound is the schema's, not only the code's: a rejected row stores at most a 512-byte prefix of its body.
ALTER TABLE payment_callbacks
  ADD CONSTRAINT payment_callbacks_rejected_body_bounded
  CHECK (outcome IN ('processed', 'ignored') OR octet_length(body) <= 512);

-- The purge job takes the oldest rejected rows first.
CREATE INDEX payment_callbacks_rejected_age ON payment_callbacks (created_at)
  WHERE outcome NOT IN ('processed', 'ignored');
