-- The console's figures per Tokyo day (migration 0027, ADR 0040): after each statement that writes a row they count,
-- one delta row per day (and payment method) is appended to daily_figure_deltas — an insert, never an update of a
-- shared counter, so concurrent purchases, payments and registrations never wait for each other here. The job
-- fold-daily-figures moves the deltas into daily_figures.
--
-- A row's figures are a function of the row alone, so an UPDATE adds what the new rows count and takes away what
-- the old ones counted (a payment that succeeds, a card that is chosen); the columns they are read from are fixed
-- on the record tables (refuse_record_change.sql) where nothing updates them. Each branch is one statement over
-- the transition table; days whose figures do not change write nothing.
CREATE OR REPLACE FUNCTION note_daily_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'payments' AND TG_OP = 'INSERT' THEN
    INSERT INTO daily_figure_deltas (day, pay_id, payments, yen, points_sold, bonus_points)
    SELECT (n.credited_at AT TIME ZONE 'Asia/Tokyo')::date, n.pay_id, count(*), sum(n.amount), sum(n.point),
      sum(n.append_point + n.coupon_point)
    FROM new_rows n WHERE n.status = 'succeeded'
    GROUP BY 1, 2;
  ELSIF TG_TABLE_NAME = 'payments' THEN
    INSERT INTO daily_figure_deltas (day, pay_id, payments, yen, points_sold, bonus_points)
    SELECT c.day, c.pay_id, sum(c.payments), sum(c.yen), sum(c.points_sold), sum(c.bonus_points)
    FROM (
      SELECT (n.credited_at AT TIME ZONE 'Asia/Tokyo')::date AS day, n.pay_id, 1 AS payments, n.amount AS yen,
        n.point AS points_sold, n.append_point + n.coupon_point AS bonus_points
      FROM new_rows n WHERE n.status = 'succeeded'
      UNION ALL
      SELECT (o.credited_at AT TIME ZONE 'Asia/Tokyo')::date, o.pay_id, -1, -o.amount, -o.point,
        -(o.append_point + o.coupon_point)
      FROM old_rows o WHERE o.status = 'succeeded'
    ) c
    GROUP BY 1, 2
    HAVING sum(c.payments) <> 0 OR sum(c.yen) <> 0 OR sum(c.points_sold) <> 0 OR sum(c.bonus_points) <> 0;
  ELSIF TG_TABLE_NAME = 'purchase_cards' AND TG_OP = 'INSERT' THEN
    INSERT INTO daily_figure_deltas (day, draws, converted, shipped)
    SELECT c.day, sum(c.draws), sum(c.converted), sum(c.shipped)
    FROM (
      SELECT (n.created_at AT TIME ZONE 'Asia/Tokyo')::date AS day, 1 AS draws, 0 AS converted, 0 AS shipped
      FROM new_rows n WHERE n.ticket_no > 0
      UNION ALL
      SELECT (n.decided_at AT TIME ZONE 'Asia/Tokyo')::date, 0, (n.status = 'convert')::int, (n.status = 'ship')::int
      FROM new_rows n WHERE n.status IN ('convert', 'ship') AND n.decided_at IS NOT NULL
    ) c
    GROUP BY 1;
  ELSIF TG_TABLE_NAME = 'purchase_cards' THEN
    INSERT INTO daily_figure_deltas (day, converted, shipped)
    SELECT c.day, sum(c.converted), sum(c.shipped)
    FROM (
      SELECT (n.decided_at AT TIME ZONE 'Asia/Tokyo')::date AS day, (n.status = 'convert')::int AS converted,
        (n.status = 'ship')::int AS shipped
      FROM new_rows n WHERE n.status IN ('convert', 'ship') AND n.decided_at IS NOT NULL
      UNION ALL
      SELECT (o.decided_at AT TIME ZONE 'Asia/Tokyo')::date, -(o.status = 'convert')::int, -(o.status = 'ship')::int
      FROM old_rows o WHERE o.status IN ('convert', 'ship') AND o.decided_at IS NOT NULL
    ) c
    GROUP BY 1
    HAVING sum(c.converted) <> 0 OR sum(c.shipped) <> 0;
  ELSIF TG_TABLE_NAME = 'members' THEN
    INSERT INTO daily_figure_deltas (day, new_members)
    SELECT (n.created_at AT TIME ZONE 'Asia/Tokyo')::date, count(*) FROM new_rows n GROUP BY 1;
  ELSIF TG_TABLE_NAME = 'ledger_entries' THEN
    INSERT INTO daily_figure_deltas (day, points_spent, coins_spent, coins)
    SELECT (n.created_at AT TIME ZONE 'Asia/Tokyo')::date,
      COALESCE(-sum(n.amount) FILTER (WHERE n.currency = 'point' AND n.reason = 'pack_purchase'), 0),
      COALESCE(-sum(n.amount) FILTER (WHERE n.currency = 'coin' AND n.reason = 'pack_purchase'), 0),
      COALESCE(sum(n.amount) FILTER (WHERE n.currency = 'coin'), 0)
    FROM new_rows n WHERE n.reason = 'pack_purchase' OR n.currency = 'coin'
    GROUP BY 1;
  ELSIF TG_TABLE_NAME = 'point_lot_moves' THEN
    -- A move counts on its ledger row's day (the balance then) and on its lot's expiry day (the points left in lots
    -- expiring that day); its kind is its lot's. Ledger row and lot are looked up by primary key.
    INSERT INTO daily_figure_deltas (day, paid_points, free_points, expiring_paid, expiring_free)
    SELECT c.day, sum(c.paid), sum(c.free), sum(c.expiring_paid), sum(c.expiring_free)
    FROM (
      SELECT (e.created_at AT TIME ZONE 'Asia/Tokyo')::date AS day,
        CASE WHEN l.kind = 'paid' THEN n.amount ELSE 0 END AS paid, CASE WHEN l.kind = 'free' THEN n.amount ELSE 0 END AS free,
        0 AS expiring_paid, 0 AS expiring_free
      FROM new_rows n JOIN ledger_entries e ON e.id = n.ledger_id JOIN point_lots l ON l.id = n.lot_id
      UNION ALL
      SELECT (l.expires_at AT TIME ZONE 'Asia/Tokyo')::date, 0, 0, CASE WHEN l.kind = 'paid' THEN n.amount ELSE 0 END,
        CASE WHEN l.kind = 'free' THEN n.amount ELSE 0 END
      FROM new_rows n JOIN point_lots l ON l.id = n.lot_id
    ) c
    GROUP BY 1
    HAVING sum(c.paid) <> 0 OR sum(c.free) <> 0 OR sum(c.expiring_paid) <> 0 OR sum(c.expiring_free) <> 0;
  ELSE
    RAISE EXCEPTION 'note_daily_figures: no figures for % on %', TG_OP, TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER payments_figures_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_daily_figures();
CREATE OR REPLACE TRIGGER payments_figures_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_daily_figures();
CREATE OR REPLACE TRIGGER purchase_cards_figures_insert AFTER INSERT ON purchase_cards REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_daily_figures();
CREATE OR REPLACE TRIGGER purchase_cards_figures_update AFTER UPDATE ON purchase_cards REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_daily_figures();
CREATE OR REPLACE TRIGGER members_figures_insert AFTER INSERT ON members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_daily_figures();
CREATE OR REPLACE TRIGGER ledger_entries_figures_insert AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_daily_figures();
CREATE OR REPLACE TRIGGER point_lot_moves_figures_insert AFTER INSERT ON point_lot_moves REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_daily_figures();
