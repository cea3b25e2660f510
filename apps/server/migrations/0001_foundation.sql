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
  member_id bigint NOT NULL REFERENCES members (id),
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
  ledger_id bigint NOT NULL REFERENCES ledger_entries (id),
  lot_id bigint NOT NULL REFERENCES point_lots (id),
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
