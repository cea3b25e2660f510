-- Point courses, payments with their state history, provider callbacks, saved cards, coupons, and the sandbox
-- payment provider's own state. Money columns are bigint yen / points.

CREATE TABLE point_courses (
  id bigserial PRIMARY KEY,
  -- Spec section 9: one purchase is 300 to 50,000 points.
  point bigint NOT NULL CHECK (point BETWEEN 300 AND 50000),
  price bigint NOT NULL CHECK (price > 0 AND price <= 50000),
  memo text NOT NULL DEFAULT '',
  memo_en text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE coupons (
  id bigserial PRIMARY KEY,
  code text NOT NULL,
  -- 'points': free points now; 'bonus': bonus points on the next course purchase.
  kind text NOT NULL CHECK (kind IN ('points', 'bonus')),
  point bigint NOT NULL DEFAULT 0 CHECK (point >= 0),
  bonus_percent integer NOT NULL DEFAULT 0 CHECK (bonus_percent BETWEEN 0 AND 100),
  starts_at timestamptz,
  ends_at timestamptz,
  max_uses integer CHECK (max_uses > 0),
  per_member_limit integer NOT NULL DEFAULT 1 CHECK (per_member_limit > 0),
  used_count integer NOT NULL DEFAULT 0 CHECK (used_count >= 0),
  memo text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (max_uses IS NULL OR used_count <= max_uses),
  CHECK (kind = 'bonus' OR point > 0)
);
CREATE UNIQUE INDEX coupons_code_key ON coupons (upper(code));

CREATE TABLE payments (
  id bigserial PRIMARY KEY,
  public_id text NOT NULL UNIQUE,
  member_id bigint NOT NULL REFERENCES members (id),
  point_course_id bigint NOT NULL REFERENCES point_courses (id),
  pay_id integer NOT NULL,
  gateway text NOT NULL,
  -- The provider's id for this payment (intent / order id); set once the provider accepted it.
  provider_ref text,
  status text NOT NULL DEFAULT 'created'
    CHECK (status IN ('created', 'pending', 'requires_action', 'succeeded', 'failed', 'cancelled', 'expired')),
  amount bigint NOT NULL CHECK (amount > 0),
  point bigint NOT NULL CHECK (point BETWEEN 300 AND 50000),
  append_point bigint NOT NULL DEFAULT 0 CHECK (append_point >= 0),
  coupon_point bigint NOT NULL DEFAULT 0 CHECK (coupon_point >= 0),
  coupon_use_id bigint,
  pack_id bigint,
  method jsonb NOT NULL DEFAULT '{}',
  next_action_url text,
  receipt text UNIQUE,
  expires_at timestamptz,
  credited_at timestamptz,
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Credit happens exactly with the move to succeeded.
  CHECK ((status = 'succeeded') = (credited_at IS NOT NULL))
);
CREATE UNIQUE INDEX payments_provider_ref ON payments (gateway, provider_ref) WHERE provider_ref IS NOT NULL;
CREATE INDEX payments_member ON payments (member_id, id DESC);
CREATE INDEX payments_unpaid ON payments (expires_at) WHERE status IN ('pending', 'requires_action');

-- Every state change of a payment, in order.
CREATE TABLE payment_events (
  id bigserial PRIMARY KEY,
  payment_id bigint NOT NULL REFERENCES payments (id),
  from_status text,
  to_status text NOT NULL,
  source text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_events_payment ON payment_events (payment_id, id);

-- Provider callbacks (webhooks), accepted or not: a forged, mismatched or replayed one is kept as evidence.
CREATE TABLE payment_callbacks (
  id bigserial PRIMARY KEY,
  provider text NOT NULL,
  event_id text NOT NULL,
  payment_id bigint REFERENCES payments (id),
  outcome text NOT NULL CHECK (outcome IN ('processed', 'ignored', 'duplicate', 'bad_signature', 'amount_mismatch', 'unknown_payment', 'malformed')),
  detail text NOT NULL DEFAULT '',
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX payment_callbacks_once ON payment_callbacks (provider, event_id) WHERE outcome IN ('processed', 'ignored');

-- One row per use of a coupon by a member. A 'bonus' use waits ('pending') for the member's next course
-- purchase, is reserved by that payment, and becomes 'applied' when the payment is credited.
CREATE TABLE coupon_uses (
  id bigserial PRIMARY KEY,
  coupon_id bigint NOT NULL REFERENCES coupons (id),
  member_id bigint NOT NULL REFERENCES members (id),
  status text NOT NULL CHECK (status IN ('granted', 'pending', 'applied')),
  payment_id bigint REFERENCES payments (id),
  point bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  applied_at timestamptz
);
CREATE INDEX coupon_uses_member ON coupon_uses (member_id, coupon_id);
-- At most one bonus waiting per member, so "the next purchase" is never ambiguous.
CREATE UNIQUE INDEX coupon_uses_one_pending ON coupon_uses (member_id) WHERE status = 'pending';
ALTER TABLE payments ADD CONSTRAINT payments_coupon_use_fk FOREIGN KEY (coupon_use_id) REFERENCES coupon_uses (id);

-- Saved cards: only the provider's reusable card reference and a masked number, never the card itself.
CREATE TABLE saved_cards (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  gateway text NOT NULL,
  provider_ref text NOT NULL,
  fingerprint text NOT NULL,
  masked text NOT NULL,
  brand text NOT NULL DEFAULT '',
  expire text NOT NULL DEFAULT '',
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX saved_cards_once ON saved_cards (member_id, fingerprint) WHERE deleted_at IS NULL;

-- The retailer wallet's checkout session, bound to the member who came back with it.
CREATE TABLE wallet_sessions (
  checkout_session_id text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  pay_method text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The sandbox payment provider's own books (DESIGN.md section 3). It plays the outside company: the shop only
-- talks to it through the gateway interface, its pages and its signed callbacks.
CREATE TABLE sandbox_card_tokens (
  token text PRIMARY KEY,
  last4 text NOT NULL,
  brand text NOT NULL,
  fingerprint text NOT NULL,
  expire text NOT NULL,
  holder text NOT NULL,
  -- A one-time token becomes a reusable card reference when saved ('card_…').
  reusable boolean NOT NULL DEFAULT false,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sandbox_intents (
  id text PRIMARY KEY,
  kind text NOT NULL,
  amount bigint NOT NULL,
  status text NOT NULL,
  merchant_ref text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}',
  return_url text NOT NULL DEFAULT '',
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
