-- The catalogue of the operator console (issue 10, ADR 0015 and 0016): the card master, uploaded images, pack
-- drafts and their publication, scheduled sale ends, and the content tables' console fields.

-- The card master: what an operator builds lineups from. A published pack keeps its own copy of each card
-- (pack_cards, a record), so editing a master card never changes a pack already on sale.
CREATE TABLE cards (
  id bigserial PRIMARY KEY,
  card_type integer NOT NULL DEFAULT 1,
  name_ja text NOT NULL,
  name_en text NOT NULL,
  rarity smallint NOT NULL DEFAULT 0 CHECK (rarity BETWEEN 0 AND 3),
  model_number text NOT NULL DEFAULT '',
  -- Points returned when the card is converted instead of shipped.
  buy_point integer NOT NULL CHECK (buy_point >= 0),
  no_reduction boolean NOT NULL DEFAULT false,
  image_url text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cards_listing ON cards (card_type, id DESC);

-- Uploaded images (storage/): the original is never kept, only its web-ready variants under `key`.
CREATE TABLE media (
  id bigserial PRIMARY KEY,
  -- The storage key prefix of the variants, e.g. 'img/3f/3fa9…'; variants are '<key>-<width>.<format>'.
  key text NOT NULL UNIQUE,
  sha256 text NOT NULL,
  source_type text NOT NULL,
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  -- [{"width": 480, "format": "webp", "bytes": 12345}, …]
  variants jsonb NOT NULL,
  staff_id bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX media_sha256 ON media (sha256);

-- The lineup as published: which master card each pack card was copied from, and its English name.
ALTER TABLE pack_cards ADD COLUMN card_id bigint REFERENCES cards (id);
ALTER TABLE pack_cards ADD COLUMN name_en text NOT NULL DEFAULT '';
-- The optional last-one prize (ラストワン賞) named at publication, a master card.
ALTER TABLE packs ADD COLUMN last_one_card_id bigint REFERENCES cards (id);

-- A pack before publication. Everything may change; publishing copies it into packs / pack_cards / tickets
-- through services/packs/pack-publishing.ts and sets pack_id, after which the lineup is frozen.
CREATE TABLE pack_drafts (
  id bigserial PRIMARY KEY,
  card_type integer NOT NULL DEFAULT 1,
  name_ja text NOT NULL DEFAULT '',
  name_en text NOT NULL DEFAULT '',
  detail_ja text NOT NULL DEFAULT '',
  detail_en text NOT NULL DEFAULT '',
  images jsonb NOT NULL DEFAULT '[]',
  point integer NOT NULL DEFAULT 0 CHECK (point >= 0),
  payment_method text NOT NULL DEFAULT '1' CHECK (payment_method IN ('1', '2')),
  max_buy_count integer NOT NULL DEFAULT 0 CHECK (max_buy_count >= 0),
  rank_limit integer NOT NULL DEFAULT 0 CHECK (rank_limit >= 0),
  sms_only boolean NOT NULL DEFAULT false,
  show_cardlist boolean NOT NULL DEFAULT true,
  start_date timestamptz,
  end_date timestamptz,
  -- The declared number of tickets; the lineup's counts must add up to it (core lineupProblems).
  total_tickets integer NOT NULL DEFAULT 0 CHECK (total_tickets >= 0),
  -- [{"card_id": 1, "rank": "S", "count": 1}, …] (core catalogue lineup schema)
  lineup jsonb NOT NULL DEFAULT '[]',
  last_one_card_id bigint REFERENCES cards (id),
  sort integer NOT NULL DEFAULT 0,
  -- Set once, by the publication.
  pack_id bigint UNIQUE REFERENCES packs (id),
  published_at timestamptz,
  cloned_from bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((pack_id IS NULL) = (published_at IS NULL))
);
CREATE INDEX pack_drafts_listing ON pack_drafts (id DESC);

-- Content managed from the console: banner schedule and alternate text, post state, course labels.
ALTER TABLE banners ADD COLUMN starts_at timestamptz;
ALTER TABLE banners ADD COLUMN ends_at timestamptz;
ALTER TABLE banners ADD COLUMN alt text NOT NULL DEFAULT '';
