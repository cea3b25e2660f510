-- Responsible play (issue 19 §2, ADR 0036): one row per member who has given a birth month or set a limit or a
-- cool-off. The purchase check reads it under the member row's lock (services/payments/spending-limits.ts).
CREATE TABLE member_spending_limits (
  member_id bigint PRIMARY KEY REFERENCES members (id),
  -- The first day of the birth month (the day is never asked; ADR 0036 counts the birthday as the month's last day).
  birth_month date,
  -- When a minor's guardian consent was given (ticked at the first purchase); NULL for adults.
  guardian_consent_at timestamptz,
  -- The member's own limit in yen per JST month (NULL: none) and a raise or removal waiting for its time.
  monthly_limit bigint CHECK (monthly_limit BETWEEN 0 AND 10000000),
  pending_limit bigint CHECK (pending_limit BETWEEN 0 AND 10000000),
  pending_effective_at timestamptz,
  -- A removal waits as pending_effective_at with pending_limit NULL.
  CHECK (pending_limit IS NULL OR pending_effective_at IS NOT NULL),
  cool_off_until timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- The month's total reads a member's payments from the start of the JST month.
CREATE INDEX payments_member_created ON payments (member_id, created_at);
