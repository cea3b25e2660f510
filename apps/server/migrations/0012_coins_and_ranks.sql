-- Member programmes, part 1 (issue 11): coin courses and ranks (ADR 0020, ADR 0021).

-- Coins are bought like points: a course with currency 'coin' goes through the same payments, gateways and state
-- machine; its credit adds coins (no rank bonus, no coupon bonus). The payment keeps the course's currency.
ALTER TABLE point_courses ADD COLUMN currency text NOT NULL DEFAULT 'point' CHECK (currency IN ('point', 'coin'));
ALTER TABLE payments ADD COLUMN currency text NOT NULL DEFAULT 'point' CHECK (currency IN ('point', 'coin'));

-- Ranks. Every rank change is a row: a rank-up at a payment's credit (with its bonus), a month-end re-evaluation
-- (maintenance job), or a maintenance bought with coins. A rank-up is announced once, in the member's next pack
-- purchase result (announced_purchase_id: the purchase whose result shows it).
CREATE TABLE rank_events (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  kind text NOT NULL CHECK (kind IN ('rank_up', 'month_end', 'maintained')),
  from_rank integer NOT NULL CHECK (from_rank BETWEEN 1 AND 7),
  to_rank integer NOT NULL CHECK (to_rank BETWEEN 1 AND 7),
  -- Rank-up bonus points granted (ranks 2-6), 0 otherwise; rank 7's bonus is a card choice (rank_card_rewards).
  bonus_point bigint NOT NULL DEFAULT 0 CHECK (bonus_point >= 0),
  -- The month (JST, first day) a month_end or maintained row is for.
  period date,
  coins bigint NOT NULL DEFAULT 0 CHECK (coins >= 0),
  payment_id bigint REFERENCES payments (id),
  announced_purchase_id bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rank_events_member ON rank_events (member_id, id DESC);
CREATE INDEX rank_events_unannounced ON rank_events (member_id) WHERE kind = 'rank_up' AND announced_purchase_id IS NULL;
-- One month-end evaluation per member and month, however many instances run the job.
CREATE UNIQUE INDEX rank_events_month_end ON rank_events (member_id, period) WHERE kind = 'month_end';
-- One bought maintenance per member and month.
CREATE UNIQUE INDEX rank_events_maintained ON rank_events (member_id, period) WHERE kind = 'maintained';

-- Yen paid per member and month (JST; the first day names the month): what keeping a rank at the month's end reads.
CREATE TABLE rank_month_buys (
  member_id bigint NOT NULL REFERENCES members (id),
  period date NOT NULL,
  amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
  PRIMARY KEY (member_id, period)
);

-- The month-end job's cursor: the last month (first day, JST) this member's rank was evaluated for.
ALTER TABLE members ADD COLUMN rank_evaluated_period date;
CREATE INDEX members_rank_evaluation ON members (id) WHERE rank > 1;

-- Rank 7's rank-up bonus: a top-grade card worth 200,000 points the member picks from a list (then ships or
-- converts it like a drawn card). One per rank-up event.
CREATE TABLE rank_card_rewards (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  rank_event_id bigint NOT NULL UNIQUE REFERENCES rank_events (id),
  card_key text,
  status text NOT NULL DEFAULT 'choosing' CHECK (status IN ('choosing', 'shipping', 'converted')),
  point bigint NOT NULL CHECK (point > 0),
  chosen_at timestamptz,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rank_card_rewards_member ON rank_card_rewards (member_id, id DESC);

-- Members from before this migration count as evaluated for last month: the months before it have no purchase
-- record, so judging them would drop every rank at once. Their first evaluation is at the next month's end.
UPDATE members SET rank_evaluated_period = (date_trunc('month', now() AT TIME ZONE 'Asia/Tokyo') - interval '1 month')::date;
