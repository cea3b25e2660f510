-- The staff's on/off switch per payment method (issue 23): a row per method switched at least once; no row means
-- on. Which provider serves a method is configuration, not data (ADR 0042).
CREATE TABLE payment_method_settings (
  pay_id smallint PRIMARY KEY CHECK (pay_id BETWEEN 1 AND 99),
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
