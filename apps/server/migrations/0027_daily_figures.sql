-- The console's figures per Tokyo day (issue 21, ADR 0040): the dashboard and the unused-balance report read these
-- instead of scanning purchases, the ledger, payments and members by date.
--
-- What each column counts, on the Tokyo day (Asia/Tokyo) of the row's own time:
--   payments, yen, points_sold, bonus_points  succeeded payments by credited_at, per pay_id (the payment method)
--   points_spent, coins_spent                 -amount of the ledger's 'pack_purchase' rows by created_at
--   draws                                     drawn cards with a ticket (ticket_no > 0; not the last-one prize)
--   converted, shipped                        drawn cards chosen 'convert' / 'ship', by decided_at
--   new_members                               members by created_at
--   paid_points, free_points                  net point lot moves of paid / free lots, by their ledger row's created_at
--   coins                                     net coin ledger rows
-- and, on the Tokyo day the lots EXPIRE (not the day of the move):
--   expiring_paid, expiring_free              net moves of paid / free lots: the points still in lots expiring
--                                             that day (a lot's moves add up to what is left of it; expiry empties it)
-- pay_id is 0 on every row but the payment figures (no payment method is 0).
--
-- Statement triggers (db/functions/note_daily_figures.sql) append one delta row per writing statement and day to
-- daily_figure_deltas, never updating a shared row, so writers never wait for each other here; the job
-- fold-daily-figures moves deltas into daily_figures. Readers read daily_figures_all (both), so a figure is exact
-- at any moment, folded or not.
CREATE TABLE daily_figures (
  day date NOT NULL,
  pay_id integer NOT NULL DEFAULT 0,
  payments bigint NOT NULL DEFAULT 0,
  yen bigint NOT NULL DEFAULT 0,
  points_sold bigint NOT NULL DEFAULT 0,
  bonus_points bigint NOT NULL DEFAULT 0,
  points_spent bigint NOT NULL DEFAULT 0,
  coins_spent bigint NOT NULL DEFAULT 0,
  draws bigint NOT NULL DEFAULT 0,
  converted bigint NOT NULL DEFAULT 0,
  shipped bigint NOT NULL DEFAULT 0,
  new_members bigint NOT NULL DEFAULT 0,
  paid_points bigint NOT NULL DEFAULT 0,
  free_points bigint NOT NULL DEFAULT 0,
  coins bigint NOT NULL DEFAULT 0,
  expiring_paid bigint NOT NULL DEFAULT 0,
  expiring_free bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, pay_id)
);

-- The same figures, one row per writing statement and day (LIKE keeps the two column lists one).
CREATE TABLE daily_figure_deltas (
  id bigserial PRIMARY KEY,
  LIKE daily_figures INCLUDING DEFAULTS
);

CREATE VIEW daily_figures_all AS
  SELECT day, pay_id, payments, yen, points_sold, bonus_points, points_spent, coins_spent, draws, converted, shipped,
    new_members, paid_points, free_points, coins, expiring_paid, expiring_free
  FROM daily_figures
  UNION ALL
  SELECT day, pay_id, payments, yen, points_sold, bonus_points, points_spent, coins_spent, draws, converted, shipped,
    new_members, paid_points, free_points, coins, expiring_paid, expiring_free
  FROM daily_figure_deltas;

-- The history there is, folded in once. The triggers that keep it up to date are applied after the migrations
-- (ADR 0009); see ADR 0040 for a deploy while another instance writes.
INSERT INTO daily_figures AS f (day, pay_id, payments, yen, points_sold, bonus_points)
SELECT (credited_at AT TIME ZONE 'Asia/Tokyo')::date, pay_id, count(*), sum(amount), sum(point),
  sum(append_point + coupon_point)
FROM payments WHERE status = 'succeeded'
GROUP BY 1, 2;

INSERT INTO daily_figures AS f (day, points_spent, coins_spent, coins)
SELECT (created_at AT TIME ZONE 'Asia/Tokyo')::date,
  COALESCE(-sum(amount) FILTER (WHERE currency = 'point' AND reason = 'pack_purchase'), 0),
  COALESCE(-sum(amount) FILTER (WHERE currency = 'coin' AND reason = 'pack_purchase'), 0),
  COALESCE(sum(amount) FILTER (WHERE currency = 'coin'), 0)
FROM ledger_entries WHERE reason = 'pack_purchase' OR currency = 'coin'
GROUP BY 1
ON CONFLICT (day, pay_id) DO UPDATE SET points_spent = f.points_spent + EXCLUDED.points_spent,
  coins_spent = f.coins_spent + EXCLUDED.coins_spent, coins = f.coins + EXCLUDED.coins;

INSERT INTO daily_figures AS f (day, draws)
SELECT (created_at AT TIME ZONE 'Asia/Tokyo')::date, count(*) FROM purchase_cards WHERE ticket_no > 0 GROUP BY 1
ON CONFLICT (day, pay_id) DO UPDATE SET draws = f.draws + EXCLUDED.draws;

INSERT INTO daily_figures AS f (day, converted, shipped)
SELECT (decided_at AT TIME ZONE 'Asia/Tokyo')::date, count(*) FILTER (WHERE status = 'convert'),
  count(*) FILTER (WHERE status = 'ship')
FROM purchase_cards WHERE status IN ('convert', 'ship') AND decided_at IS NOT NULL
GROUP BY 1
ON CONFLICT (day, pay_id) DO UPDATE SET converted = f.converted + EXCLUDED.converted,
  shipped = f.shipped + EXCLUDED.shipped;

INSERT INTO daily_figures AS f (day, new_members)
SELECT (created_at AT TIME ZONE 'Asia/Tokyo')::date, count(*) FROM members GROUP BY 1
ON CONFLICT (day, pay_id) DO UPDATE SET new_members = f.new_members + EXCLUDED.new_members;

INSERT INTO daily_figures AS f (day, paid_points, free_points)
SELECT (e.created_at AT TIME ZONE 'Asia/Tokyo')::date, COALESCE(sum(mv.amount) FILTER (WHERE lot.kind = 'paid'), 0),
  COALESCE(sum(mv.amount) FILTER (WHERE lot.kind = 'free'), 0)
FROM point_lot_moves mv JOIN ledger_entries e ON e.id = mv.ledger_id JOIN point_lots lot ON lot.id = mv.lot_id
GROUP BY 1
ON CONFLICT (day, pay_id) DO UPDATE SET paid_points = f.paid_points + EXCLUDED.paid_points,
  free_points = f.free_points + EXCLUDED.free_points;

INSERT INTO daily_figures AS f (day, expiring_paid, expiring_free)
SELECT (lot.expires_at AT TIME ZONE 'Asia/Tokyo')::date, COALESCE(sum(mv.amount) FILTER (WHERE lot.kind = 'paid'), 0),
  COALESCE(sum(mv.amount) FILTER (WHERE lot.kind = 'free'), 0)
FROM point_lot_moves mv JOIN point_lots lot ON lot.id = mv.lot_id
GROUP BY 1
ON CONFLICT (day, pay_id) DO UPDATE SET expiring_paid = f.expiring_paid + EXCLUDED.expiring_paid,
  expiring_free = f.expiring_free + EXCLUDED.expiring_free;

-- The monthly CSVs read by time: the point movements by ledger created_at (BRIN: rows arrive in time order, and it
-- costs the purchase path next to nothing), the sales by credited_at.
CREATE INDEX ledger_entries_created_brin ON ledger_entries USING brin (created_at) WITH (autosummarize = on);
CREATE INDEX payments_credited ON payments (credited_at, id) WHERE status = 'succeeded';
