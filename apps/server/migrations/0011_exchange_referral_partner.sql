-- Member programmes, second half (issue 11): card exchange, referral rewards, partner-site point transfer, the
-- daily draw of the messaging-app promotion and the social-network follow campaign (ADRs 0022-0024).

-- The exchange corner: cards listed for a price in points, each with a finite stock. stock_left only ever moves
-- by a conditional UPDATE (… WHERE stock_left > 0) in the transaction that spends the points, so it never oversells.
CREATE TABLE exchange_cards (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  name_en text NOT NULL,
  image_url text NOT NULL,
  rarity integer NOT NULL DEFAULT 0 CHECK (rarity BETWEEN 0 AND 3),
  model_number text NOT NULL DEFAULT '',
  -- Points spent to take one; points returned when the member converts it instead of shipping.
  price integer NOT NULL CHECK (price > 0),
  convert_point integer NOT NULL CHECK (convert_point >= 0),
  no_reduction boolean NOT NULL DEFAULT false,
  stock_total integer NOT NULL CHECK (stock_total >= 0),
  stock_left integer NOT NULL CHECK (stock_left >= 0 AND stock_left <= stock_total),
  sort integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One card taken from the exchange: pending until the member ships or converts it (like a drawn card).
CREATE TABLE exchange_orders (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  exchange_card_id bigint NOT NULL REFERENCES exchange_cards (id),
  price integer NOT NULL CHECK (price > 0),
  -- The client's one-time key of this exchange: a double submit finds this row instead of exchanging twice.
  request_key text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ship', 'convert')),
  returned_point integer NOT NULL DEFAULT 0,
  -- The address as it was when shipping was chosen.
  address jsonb,
  created_at timestamptz NOT NULL,
  decided_at timestamptz,
  UNIQUE (member_id, request_key)
);
CREATE INDEX exchange_orders_member ON exchange_orders (member_id, id DESC);
CREATE INDEX exchange_orders_undecided ON exchange_orders (created_at) WHERE status = 'pending';

-- Referral rewards: at most one row per referred member (its first point purchase), granted or refused.
CREATE TABLE referral_rewards (
  id bigserial PRIMARY KEY,
  referrer_id bigint NOT NULL REFERENCES members (id),
  referee_id bigint NOT NULL UNIQUE REFERENCES members (id),
  payment_id bigint NOT NULL REFERENCES payments (id),
  status text NOT NULL CHECK (status IN ('granted', 'refused_self', 'refused_cap')),
  referrer_point integer NOT NULL DEFAULT 0,
  referee_point integer NOT NULL DEFAULT 0,
  -- The referrer's month (Asia/Tokyo, 'YYYY-MM') the reward counts against for the monthly cap.
  month text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX referral_rewards_cap ON referral_rewards (referrer_id, month) WHERE status = 'granted';

-- Partner sites whose points a member may move here. adapter 'sandbox' is the built-in simulated partner;
-- 'http' talks to endpoint with signed requests (services/programmes/partner/gateways).
CREATE TABLE partner_sites (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  name_en text NOT NULL,
  adapter text NOT NULL CHECK (adapter IN ('sandbox', 'http')),
  endpoint text,
  sort integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  CHECK (adapter <> 'http' OR endpoint IS NOT NULL)
);

-- A member's account at a partner site, linked after a successful partner login.
CREATE TABLE partner_links (
  member_id bigint NOT NULL REFERENCES members (id),
  site_id bigint NOT NULL REFERENCES partner_sites (id),
  partner_account text NOT NULL,
  linked_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, site_id)
);

-- One transfer of points from a partner site to here. 'pending' until the partner confirmed the debit; the
-- idempotency key goes with every call (and every retry) so the partner debits at most once.
CREATE TABLE partner_transfers (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  site_id bigint NOT NULL REFERENCES partner_sites (id),
  partner_account text NOT NULL,
  point bigint NOT NULL CHECK (point > 0),
  idempotency_key text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
  error text NOT NULL DEFAULT '',
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  settled_at timestamptz
);
-- At most one transfer in flight per member and site: a double submit is refused, not sent twice.
CREATE UNIQUE INDEX partner_transfers_one_pending ON partner_transfers (member_id, site_id) WHERE status = 'pending';
CREATE INDEX partner_transfers_due ON partner_transfers (next_attempt_at) WHERE status = 'pending';

-- The sandbox partner's own accounts and balances (development, demo and tests).
CREATE TABLE sandbox_partner_accounts (
  site_id bigint NOT NULL REFERENCES partner_sites (id),
  loginid text NOT NULL,
  pass_hash text NOT NULL,
  tel text NOT NULL,
  balance bigint NOT NULL CHECK (balance >= 0),
  PRIMARY KEY (site_id, loginid)
);
-- Debits the sandbox partner has applied, by idempotency key: a retried call answers the first result.
CREATE TABLE sandbox_partner_debits (
  idempotency_key text PRIMARY KEY,
  site_id bigint NOT NULL,
  loginid text NOT NULL,
  point bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The messaging app (LINE) account a member linked; one app account serves one member.
CREATE TABLE messaging_links (
  member_id bigint PRIMARY KEY REFERENCES members (id),
  provider text NOT NULL,
  external_id text NOT NULL,
  linked_at timestamptz NOT NULL,
  UNIQUE (provider, external_id)
);

-- The daily draw's committed seeds: the SHA-256 of each day's seed is published before the day; the seed itself
-- is shown once the day (Asia/Tokyo) is over, so anyone can recompute every member's draw of that day.
CREATE TABLE daily_draw_seeds (
  draw_day date PRIMARY KEY,
  seed text NOT NULL,
  commitment text NOT NULL,
  table_digest text NOT NULL
);

-- One free draw per member and day (Asia/Tokyo); the primary key makes a second one impossible.
CREATE TABLE daily_draws (
  member_id bigint NOT NULL REFERENCES members (id),
  draw_day date NOT NULL,
  prize_index integer NOT NULL,
  point integer NOT NULL CHECK (point >= 0),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, draw_day)
);

-- Social-network follow campaigns: a code claimed once per member for a fixed number of points.
CREATE TABLE sns_campaigns (
  code text PRIMARY KEY,
  point integer NOT NULL CHECK (point > 0),
  follow_url text NOT NULL,
  starts_at timestamptz,
  ends_at timestamptz,
  active boolean NOT NULL DEFAULT true
);
CREATE TABLE sns_campaign_claims (
  member_id bigint NOT NULL REFERENCES members (id),
  code text NOT NULL REFERENCES sns_campaigns (code),
  point integer NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, code)
);
