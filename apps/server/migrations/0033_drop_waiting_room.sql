-- Issue 22 §1 (ADR 0048): the waiting room of a scheduled drop. The queue lives here, not in an instance's memory,
-- so admission and order survive a restart and are the same on every instance.

-- A pack sold as a drop: its waiting-room settings and the shuffle's seed (committed before the pre-queue opens,
-- revealed once the pre-queue has been shuffled at the start).
CREATE TABLE pack_drops (
  pack_id bigint PRIMARY KEY REFERENCES packs (id),
  prequeue_minutes integer NOT NULL CHECK (prequeue_minutes BETWEEN 1 AND 240),
  admit_per_minute integer NOT NULL CHECK (admit_per_minute BETWEEN 1 AND 100000),
  stay_minutes integer NOT NULL CHECK (stay_minutes BETWEEN 1 AND 120),
  seed bytea NOT NULL CHECK (octet_length(seed) = 32),
  seed_hash text NOT NULL,
  -- Set in the transaction that gives the pre-queue its places; the seed is revealed from then on.
  shuffled_at timestamptz,
  -- The last place given (pre-queue and late arrivals); a late arrival takes last_place + 1 under the row's lock.
  last_place integer NOT NULL DEFAULT 0 CHECK (last_place >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per member and drop: a member holds one place whatever the tabs, devices or instances (the key).
CREATE TABLE drop_queue (
  pack_id bigint NOT NULL REFERENCES pack_drops (pack_id),
  member_id bigint NOT NULL REFERENCES members (id),
  -- Random, shown to the member; the pre-queue is shuffled in the ascending order of these codes.
  entry_code text NOT NULL CHECK (entry_code ~ '^[0-9a-f]{16}$'),
  joined_at timestamptz NOT NULL,
  -- True for arrivals in the pre-queue window (shuffled at the start), false for later ones (first come, first served).
  prequeue boolean NOT NULL,
  -- Both null until the pre-queue is shuffled; then fixed. Places are admitted in order.
  place integer CHECK (place > 0),
  admit_at timestamptz,
  PRIMARY KEY (pack_id, member_id),
  UNIQUE (pack_id, entry_code),
  CHECK ((place IS NULL) = (admit_at IS NULL))
);
CREATE UNIQUE INDEX drop_queue_place ON drop_queue (pack_id, place) WHERE place IS NOT NULL;
