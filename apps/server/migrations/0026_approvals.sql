-- Issue 21 §4 (ADR 0039): changes that need a second person. An owner's change to another owner (demote, disable,
-- reset the second factor) and a balance grant above ADJUSTMENT_APPROVAL_ABOVE wait here as a request until
-- another owner approves it (or, for an owner change with no third owner, until not_before has passed and the
-- requester applies it); the change itself is made, with its audit row and any ledger row, in the transaction of
-- that approval. payload holds what the change needs (the new role; currency, amount and memo of a grant).
CREATE TABLE approval_requests (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('staff.role', 'staff.disable', 'staff.reset_2fa', 'member.adjust')),
  target_type text NOT NULL CHECK (target_type IN ('staff', 'member')),
  target_id bigint NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  reason text NOT NULL,
  requested_by bigint NOT NULL REFERENCES staff (id),
  requested_at timestamptz NOT NULL,
  not_before timestamptz,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'refused', 'cancelled')),
  decided_by bigint REFERENCES staff (id),
  decided_at timestamptz,
  decision_note text NOT NULL DEFAULT ''
);
CREATE INDEX approval_requests_pending ON approval_requests (id) WHERE status = 'pending';
CREATE INDEX approval_requests_recent ON approval_requests (decided_at DESC) WHERE status <> 'pending';
-- One pending change per staff member and kind: a second request waits for the first to be decided.
CREATE UNIQUE INDEX approval_requests_one_pending ON approval_requests (kind, target_id)
  WHERE status = 'pending' AND target_type = 'staff';
