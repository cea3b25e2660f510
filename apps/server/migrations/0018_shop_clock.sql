-- The shop clock (issue 19, ADR 0034): in a sandbox shop (development, tests, staging) time can be moved forward
-- like a payment provider's test clock, and every instance on the database must see the same time. One row holds
-- how far the shop's time runs ahead of the real time; production never reads it (its clock is the system's).
CREATE TABLE shop_clock (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  offset_ms bigint NOT NULL DEFAULT 0 CHECK (offset_ms >= 0),
  moved_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO shop_clock (id) VALUES (true);
