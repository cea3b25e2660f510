-- Idle accounts (spec section 9, issue 19; ADR 0037). An account idle 6 months after its last point purchase, use
-- or exchange is closed by a job like a withdrawal (ADR 0020): withdrawn_at is the time an account closed, whoever
-- closed it, and closed_reason says why ('withdrawal' by the member, 'idle' by the job). Every guard of a closed
-- account (login, purchases, the 90-day release of its mail and phone) reads withdrawn_at and covers both.
ALTER TABLE members ADD COLUMN closed_reason text CHECK (closed_reason IN ('withdrawal', 'idle'));
UPDATE members SET closed_reason = 'withdrawal' WHERE withdrawn_at IS NOT NULL;
ALTER TABLE members ADD CONSTRAINT members_closed_with_reason CHECK ((withdrawn_at IS NULL) = (closed_reason IS NULL));

-- The idle jobs read open accounts oldest activity first.
CREATE INDEX members_open_by_activity ON members (last_activity_at) WHERE withdrawn_at IS NULL;

-- One notice per member and idle period: the period is named by the last activity it counts from, so an activity
-- after the mail starts a new period (and a new notice when that one runs out). closes_at is the date the mail
-- announced; the closing job acts on it and never sooner.
CREATE TABLE idle_notices (
  member_id bigint NOT NULL REFERENCES members (id),
  last_activity_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL,
  sent_at timestamptz NOT NULL,
  outbox_id bigint,
  PRIMARY KEY (member_id, last_activity_at)
);
CREATE INDEX idle_notices_closes_at ON idle_notices (closes_at);
