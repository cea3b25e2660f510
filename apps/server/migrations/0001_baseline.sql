-- The schema as it stood at the launch of issue 9 (the migrations 0001-0007 squashed: no deployed database needed
-- an in-place upgrade). Schema only: every database function, with the triggers that call it, lives in
-- apps/server/db/functions/<name>.sql and is applied after the migrations (ADR 0009).

-- Members, sessions, the point/coin ledger and site content. Money columns are bigint yen/points.
CREATE TABLE members (
  id bigserial PRIMARY KEY,
  mail text NOT NULL,
  pass_hash text NOT NULL,
  last_name text NOT NULL,
  middle_name text NOT NULL DEFAULT '',
  first_name text NOT NULL,
  tel text NOT NULL,
  lang text NOT NULL DEFAULT 'ja' CHECK (lang IN ('ja', 'en')),
  referral_code text NOT NULL UNIQUE,
  referred_by bigint REFERENCES members (id),
  rank integer NOT NULL DEFAULT 1,
  total_buy bigint NOT NULL DEFAULT 0,
  point_balance bigint NOT NULL DEFAULT 0 CHECK (point_balance >= 0),
  coin_balance bigint NOT NULL DEFAULT 0 CHECK (coin_balance >= 0),
  sms_tel text,
  sms_verified_at timestamptz,
  zipcode text,
  pref_id integer,
  shiku text,
  address text,
  building text,
  last_activity_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX members_mail_key ON members (lower(mail));

CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  persistent boolean NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_member ON sessions (member_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE password_resets (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Fixed-window counters for login and reissue throttling, shared by every server instance.
CREATE TABLE auth_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  window_start timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);

-- Mails and SMS messages. In sandbox mode this is the outbox a tester reads; in production a delivery log.
CREATE TABLE outbox_messages (
  id bigserial PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('mail', 'sms')),
  recipient text NOT NULL,
  subject text NOT NULL DEFAULT '',
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Points live in lots: each grant is a lot that expires 6 months later; spends take from lots.
CREATE TABLE point_lots (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  kind text NOT NULL CHECK (kind IN ('paid', 'free')),
  granted bigint NOT NULL CHECK (granted > 0),
  remaining bigint NOT NULL CHECK (remaining >= 0 AND remaining <= granted),
  granted_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  expired_at timestamptz,
  source text NOT NULL
);
CREATE INDEX point_lots_spendable ON point_lots (member_id, expires_at) WHERE remaining > 0 AND expired_at IS NULL;
CREATE INDEX point_lots_expiring ON point_lots (expires_at) WHERE remaining > 0 AND expired_at IS NULL;

-- Every change of a point or coin balance is one row here; balances always equal the sum of amounts.
CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  -- References on the four tables a purchase writes are checked once per statement (db/functions/check_*_refs.sql).
  member_id bigint NOT NULL,
  currency text NOT NULL CHECK (currency IN ('point', 'coin')),
  amount bigint NOT NULL CHECK (amount <> 0),
  balance_after bigint NOT NULL CHECK (balance_after >= 0),
  reason text NOT NULL,
  ref_type text,
  ref_id bigint,
  memo text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_member ON ledger_entries (member_id, currency, id DESC);

-- Which lots a ledger entry took from or gave to.
CREATE TABLE point_lot_moves (
  ledger_id bigint NOT NULL,
  lot_id bigint NOT NULL,
  amount bigint NOT NULL CHECK (amount <> 0),
  PRIMARY KEY (ledger_id, lot_id)
);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE card_types (
  id integer PRIMARY KEY,
  name_ja text NOT NULL,
  name_en text NOT NULL,
  coming_soon boolean NOT NULL DEFAULT false,
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE posts (
  id bigserial PRIMARY KEY,
  title text NOT NULL,
  last_name text NOT NULL,
  first_name text NOT NULL,
  content text NOT NULL,
  images jsonb NOT NULL DEFAULT '[]',
  published_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX posts_published ON posts (published_at DESC, id DESC);

CREATE TABLE banners (
  id bigserial PRIMARY KEY,
  file_name text NOT NULL,
  link_url text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true
);

-- Packs, their fixed shuffled tickets, purchases, drawn cards and shipments (issue 3; ADR 0002-pack-tickets).
CREATE TABLE packs (
  id bigserial PRIMARY KEY,
  card_type integer NOT NULL,
  name_ja text NOT NULL,
  name_en text NOT NULL,
  detail_ja text NOT NULL DEFAULT '',
  detail_en text NOT NULL DEFAULT '',
  images jsonb NOT NULL DEFAULT '[]',
  eye_catch text NOT NULL DEFAULT '',
  point integer NOT NULL CHECK (point > 0),
  payment_method text NOT NULL DEFAULT '1' CHECK (payment_method IN ('1', '2')),
  max_buy_count integer NOT NULL DEFAULT 0 CHECK (max_buy_count >= 0),
  rank_limit integer NOT NULL DEFAULT 0 CHECK (rank_limit >= 0),
  sms_only boolean NOT NULL DEFAULT false,
  show_cardlist boolean NOT NULL DEFAULT true,
  start_date timestamptz NOT NULL,
  closed_at timestamptz,
  -- The secret 32-byte seed that fixed the ticket order. Never sent to a client before revealed_at.
  seed bytea NOT NULL CHECK (octet_length(seed) = 32),
  seed_hash text NOT NULL,
  revealed_at timestamptz,
  total_tickets integer NOT NULL CHECK (total_tickets > 0),
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX packs_listing ON packs (card_type, sort, id);

CREATE TABLE pack_cards (
  id bigserial PRIMARY KEY,
  pack_id bigint NOT NULL REFERENCES packs (id),
  rank text NOT NULL CHECK (rank IN ('S', 'A', 'B', 'C')),
  name text NOT NULL,
  image_url text NOT NULL,
  set_count integer NOT NULL CHECK (set_count > 0),
  model_number text NOT NULL DEFAULT '',
  rarity smallint NOT NULL DEFAULT 0 CHECK (rarity BETWEEN 0 AND 3),
  -- Points returned when the card is converted instead of shipped.
  buy_point integer NOT NULL CHECK (buy_point >= 0),
  no_reduction boolean NOT NULL DEFAULT false,
  movie_url text NOT NULL DEFAULT ''
);
CREATE INDEX pack_cards_pack ON pack_cards (pack_id, id);

-- One row per ticket, numbered in the shuffled order (the pre-committed sequence). Never changed after the pack is
-- created: draw k takes ticket k (pack_stock below), and purchase_cards (pack_id, ticket_no) records the draw.
CREATE TABLE tickets (
  pack_id bigint NOT NULL REFERENCES packs (id),
  ticket_no integer NOT NULL,
  pack_card_id bigint NOT NULL REFERENCES pack_cards (id),
  PRIMARY KEY (pack_id, ticket_no)
);

CREATE TABLE purchases (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL,
  pack_id bigint NOT NULL,
  count integer NOT NULL CHECK (count > 0),
  unit_price integer NOT NULL,
  price bigint NOT NULL CHECK (price > 0),
  currency text NOT NULL CHECK (currency IN ('point', 'coin')),
  -- The purchase intent's nonce: a replayed token finds this row instead of buying twice.
  token text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX purchases_member ON purchases (member_id, id DESC);
CREATE INDEX purchases_member_pack ON purchases (member_id, pack_id);

CREATE TABLE shipments (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  purchase_id bigint NOT NULL REFERENCES purchases (id),
  -- The address as it was when shipping was chosen; later address edits do not move a parcel.
  address jsonb NOT NULL,
  status text NOT NULL DEFAULT 'preparing' CHECK (status IN ('preparing', 'shipped')),
  delivery_code text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  shipped_at timestamptz
);
CREATE INDEX shipments_purchase ON shipments (purchase_id);

-- A drawn card; its id is the history_id the client sends in a decision.
CREATE TABLE purchase_cards (
  id bigserial PRIMARY KEY,
  purchase_id bigint NOT NULL,
  pack_id bigint NOT NULL,
  member_id bigint NOT NULL,
  ticket_no integer NOT NULL,
  pack_card_id bigint NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ship', 'convert')),
  created_at timestamptz NOT NULL,
  decided_at timestamptz,
  returned_point integer NOT NULL DEFAULT 0,
  shipment_id bigint REFERENCES shipments (id),
  -- Set when the 24-hour job found a must-ship card and no address: it stays pending for the member to ship.
  auto_held_at timestamptz,
  UNIQUE (pack_id, ticket_no)
);
CREATE INDEX purchase_cards_purchase ON purchase_cards (purchase_id, id);
-- Tickets are drawn in ticket order, so the draw log reads the (pack_id, ticket_no) key backwards.
CREATE INDEX purchase_cards_expiring ON purchase_cards (created_at) WHERE status = 'pending' AND auto_held_at IS NULL;

-- The draw cursor (ADR 0008): `drawn` tickets are gone and draw k takes ticket k, so the drawn tickets are always
-- exactly 1..drawn; remaining stock, overall and per rank, is one row read. Locked by buy_pack_batch as its last
-- write and held to commit.
CREATE TABLE pack_stock (
  pack_id bigint PRIMARY KEY REFERENCES packs (id),
  total integer NOT NULL,
  drawn integer NOT NULL DEFAULT 0,
  drawn_s integer NOT NULL DEFAULT 0,
  drawn_a integer NOT NULL DEFAULT 0,
  drawn_b integer NOT NULL DEFAULT 0,
  drawn_c integer NOT NULL DEFAULT 0,
  CHECK (drawn BETWEEN 0 AND total),
  CHECK (drawn_s >= 0 AND drawn_a >= 0 AND drawn_b >= 0 AND drawn_c >= 0),
  CHECK (drawn = drawn_s + drawn_a + drawn_b + drawn_c)
);

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
