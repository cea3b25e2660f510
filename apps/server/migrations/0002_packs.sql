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

-- One row per ticket, numbered in the shuffled order. A draw claims the lowest undrawn numbers with
-- FOR UPDATE SKIP LOCKED, so concurrent buyers never wait on each other or on a pack row.
CREATE TABLE tickets (
  pack_id bigint NOT NULL REFERENCES packs (id),
  ticket_no integer NOT NULL,
  pack_card_id bigint NOT NULL REFERENCES pack_cards (id),
  purchase_id bigint,
  PRIMARY KEY (pack_id, ticket_no)
);
CREATE INDEX tickets_undrawn ON tickets (pack_id, ticket_no) WHERE purchase_id IS NULL;

CREATE TABLE purchases (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  pack_id bigint NOT NULL REFERENCES packs (id),
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
  purchase_id bigint NOT NULL REFERENCES purchases (id),
  pack_id bigint NOT NULL,
  member_id bigint NOT NULL,
  ticket_no integer NOT NULL,
  pack_card_id bigint NOT NULL REFERENCES pack_cards (id),
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
CREATE INDEX purchase_cards_draw_log ON purchase_cards (pack_id, id DESC);
CREATE INDEX purchase_cards_expiring ON purchase_cards (created_at) WHERE status = 'pending' AND auto_held_at IS NULL;
