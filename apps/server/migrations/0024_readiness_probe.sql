-- /readyz writes here (issue 20): a committed one-row update shows that the database takes writes, which a read-only
-- server (a promoted-back replica, default_transaction_read_only) or a full disk refuses while reads still work.
CREATE TABLE readiness_probe (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  beat_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO readiness_probe (id) VALUES (true);
