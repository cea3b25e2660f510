-- The draw cursor and plans that stay key lookups (ADR 0008).
--
-- 1. Stock is a cursor. Every pack has one pack_stock row: `drawn` tickets are gone, and draw k takes ticket k of
--    the pre-committed sequence, so the drawn tickets are always exactly 1..drawn. A batch of buyers moves the
--    cursor once, as its last write before the purchase_cards insert (after its members are locked, so no lock
--    cycle), and takes the next tickets in order; it holds the row only from there to commit, so another batch of
--    the pack does its judging, purchases and debits meanwhile. The ticket rows never change
--    again: the draw record is purchase_cards (pack_id, ticket_no). Before, a claim scanned the partial index of
--    undrawn tickets, which keeps an entry for every drawn ticket until VACUUM removes it, so each claim stepped
--    over everything drawn since the last vacuum (2.9 ms and 772 pages at the end of a 200,000-ticket pack), and
--    every pack page counted the remaining tickets one by one. Now both are one row read. The per-rank counters
--    serve the pack page's remaining-by-rank; the CHECK keeps them summing to `drawn`.
--
-- 2. Plans that stay key lookups. The purchase statements look up at most a batch of keys (64 buyers) in tables
--    that grow by thousands of rows a second during a sale. A PL/pgSQL plan is made once per connection and kept,
--    so a plan made in the first seconds of a sale, when purchases held a few hundred rows, hashed the whole table
--    on every later batch (measured: 15,801 rows read per batch after 15 s). These functions plan with sequential
--    scans, hash and merge joins switched off, so every lookup is an index probe whatever the statistics said when
--    the plan was made, and they keep one generic plan per statement instead of planning again on every call.

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
-- The cursor is a record too: never deleted, never moved to another pack.
CREATE TRIGGER pack_stock_are_records BEFORE DELETE OR TRUNCATE ON pack_stock
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_record_change();
CREATE TRIGGER pack_stock_fixed BEFORE UPDATE OF pack_id, total ON pack_stock
  FOR EACH ROW WHEN (NEW.pack_id IS DISTINCT FROM OLD.pack_id OR NEW.total IS DISTINCT FROM OLD.total)
  EXECUTE FUNCTION refuse_record_change();

INSERT INTO pack_stock (pack_id, total, drawn, drawn_s, drawn_a, drawn_b, drawn_c)
SELECT p.id, p.total_tickets, count(t.purchase_id),
  count(t.purchase_id) FILTER (WHERE c.rank = 'S'), count(t.purchase_id) FILTER (WHERE c.rank = 'A'),
  count(t.purchase_id) FILTER (WHERE c.rank = 'B'), count(t.purchase_id) FILTER (WHERE c.rank = 'C')
FROM packs p LEFT JOIN tickets t ON t.pack_id = p.id LEFT JOIN pack_cards c ON c.id = t.pack_card_id
GROUP BY p.id;

-- The old claim took the lowest undrawn tickets it could lock, so a batch rolled back while another committed
-- could leave a gap until the next purchase filled it. A pack whose drawn tickets are not 1..drawn cannot be
-- carried over to a cursor without skipping a ticket: stop rather than guess.
DO $$
DECLARE
  v_pack bigint;
BEGIN
  SELECT t.pack_id INTO v_pack FROM tickets t JOIN pack_stock s ON s.pack_id = t.pack_id
  WHERE (t.purchase_id IS NOT NULL) <> (t.ticket_no <= s.drawn) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'pack % has an undrawn ticket below a drawn one; draw it (or close the pack) before upgrading', v_pack;
  END IF;
END
$$;

DROP INDEX tickets_undrawn;
ALTER TABLE tickets DROP COLUMN purchase_id;
-- Tickets are drawn in ticket order, so the draw log reads the (pack_id, ticket_no) key backwards.
DROP INDEX purchase_cards_draw_log;
-- Tickets are the pre-committed sequence: fixed when the pack is created, never changed or removed.
CREATE TRIGGER tickets_are_records BEFORE UPDATE OR DELETE OR TRUNCATE ON tickets
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_record_change();

-- Buys for a batch of buyers of one pack: buyer i is member p_members[i] (distinct members, distinct tokens) with
-- an intent for p_counts[i] draws at p_units[i] each, nonce p_tokens[i], taking at least p_mins[i] (less than the
-- count only for 'all'). Returns the drawn cards of every buyer who bought (reason NULL) and one row per buyer who
-- did not, with the reason:
--   'rules'  the pack is unknown, closed, not on sale, SMS- or rank-limited for them, or its price changed
--   'replay' the token was already spent (the caller answers the first purchase)
--   'max_buy' the member's max_buy_count would be exceeded
--   'points' / 'coins' the balance (or the unexpired point lots) cannot pay even the minimum
--   'stock'  fewer tickets than the minimum are left
--   'again'  the member or token appears earlier in the same batch (never sent by the server; try again)
-- Order: members (id order) and their lots are locked first, so the balance, lot and max_buy_count checks see
-- every committed purchase; the purchases and debits follow; the pack's draw cursor is locked last and held to
-- commit, so batches of one pack take tickets in turn: the buyers who buy take the next tickets in buyer order,
-- and the cursor moves past exactly those. OR010 (stock_moved): a batch that committed meanwhile took tickets this
-- one counted on; nothing was written, and the batch may be sent again.
CREATE OR REPLACE FUNCTION buy_pack_batch(
  p_pack bigint, p_members bigint[], p_counts integer[], p_units integer[], p_tokens text[], p_mins integer[],
  p_now timestamptz
) RETURNS TABLE (idx integer, purchase_id bigint, history_id bigint, ticket_no integer, pack_card_id bigint, reason text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  pk record;
  v_coin boolean;
  r record;
  -- Buyers still in the running, in buyer order, with what each may take.
  v_idx integer[] := '{}';
  v_mem bigint[] := '{}';
  v_want integer[] := '{}';
  v_min integer[] := '{}';
  v_unit integer[] := '{}';
  v_tok text[] := '{}';
  v_failed integer[] := '{}';
  v_why text[] := '{}';
  v_drawn integer;
  v_left integer := 0;
  v_take integer;
  v_taken integer := 0;
  -- Buyers who buy and how many tickets each takes.
  b_idx integer[] := '{}';
  b_mem bigint[] := '{}';
  b_n integer[] := '{}';
  b_unit integer[] := '{}';
  b_tok text[] := '{}';
  v_pids bigint[];
  v_ptoks text[];
  -- Every ticket handed out (buyer, member, purchase, ticket number, card) and every debit.
  d_idx integer[];
  d_mem bigint[];
  d_pid bigint[];
  d_no integer[];
  d_card bigint[];
  f_mem bigint[];
  f_price bigint[];
  f_pid bigint[];
  f_memo text[];
  k integer;
BEGIN
  SELECT p.point, p.payment_method, p.max_buy_count, p.rank_limit, p.sms_only, p.start_date, p.closed_at
  INTO pk FROM packs p WHERE p.id = p_pack;
  IF NOT FOUND OR NOT ((pk.closed_at IS NULL OR pk.closed_at > p_now) AND pk.start_date <= p_now) THEN
    RETURN QUERY SELECT i::int, NULL::bigint, NULL::bigint, NULL::int, NULL::bigint, 'rules'::text
      FROM generate_subscripts(p_members, 1) i;
    RETURN;
  END IF;
  v_coin := pk.payment_method = '2';

  -- Lock the buyers (id order, as spend_points_many does) and, for a point pack, their spendable lots, so the
  -- checks below read balances and purchases no one else can change before this statement commits.
  PERFORM 1 FROM members m WHERE m.id = ANY (p_members) ORDER BY m.id FOR UPDATE;
  IF NOT v_coin THEN
    PERFORM 1 FROM point_lots l
    WHERE l.member_id = ANY (p_members) AND l.remaining > 0 AND l.expired_at IS NULL AND l.expires_at > p_now
    ORDER BY l.id FOR UPDATE;
  END IF;

  -- Every lookup is by key, one buyer at a time: the member (a lateral subquery kept apart by OFFSET 0, so it is
  -- not turned back into a join), the spent token (a scalar subquery: never hashed), the draws bought, the lots.
  FOR r IN
    SELECT b.i::int AS i, b.member, b.cnt, b.unit, b.token, b.mn, m.id IS NOT NULL AS known,
      array_position(p_members, b.member) < b.i OR array_position(p_tokens, b.token) < b.i AS dup,
      m.rank >= pk.rank_limit AND (NOT pk.sms_only OR m.sms_verified) AS allowed,
      (SELECT true FROM purchases u WHERE u.token = b.token) IS NOT NULL AS spent,
      CASE WHEN pk.max_buy_count > 0 THEN (SELECT COALESCE(sum(u.count), 0)::int FROM purchases u
        WHERE u.member_id = b.member AND u.pack_id = p_pack) ELSE 0 END AS bought,
      -- bigint, so that purse / unit below divides as integers (sum() is numeric and would round).
      (CASE WHEN v_coin THEN m.coin_balance
        ELSE least(m.point_balance, (SELECT coalesce(sum(l.remaining), 0) FROM point_lots l
          WHERE l.member_id = b.member AND l.remaining > 0 AND l.expired_at IS NULL AND l.expires_at > p_now)) END)::bigint AS purse
    FROM unnest(p_members, p_counts, p_units, p_tokens, p_mins) WITH ORDINALITY AS b(member, cnt, unit, token, mn, i)
    LEFT JOIN LATERAL (
      SELECT m.id, m.rank, m.sms_verified_at IS NOT NULL AS sms_verified, m.point_balance, m.coin_balance
      FROM members m WHERE m.id = b.member OFFSET 0
    ) m ON true
    ORDER BY b.i
  LOOP
    IF r.dup THEN
      v_failed := v_failed || r.i; v_why := v_why || 'again'::text;
    ELSIF r.spent THEN
      v_failed := v_failed || r.i; v_why := v_why || 'replay'::text;
    ELSIF NOT r.known OR NOT r.allowed OR r.unit IS DISTINCT FROM pk.point OR r.unit < 1 OR r.cnt < 1 OR r.mn < 1 OR r.mn > r.cnt THEN
      v_failed := v_failed || r.i; v_why := v_why || 'rules'::text;
    ELSIF pk.max_buy_count > 0 AND pk.max_buy_count - r.bought < r.cnt THEN
      v_failed := v_failed || r.i; v_why := v_why || 'max_buy'::text;
    ELSIF least(r.cnt::bigint, r.purse / r.unit) < r.mn THEN
      v_failed := v_failed || r.i; v_why := v_why || CASE WHEN v_coin THEN 'coins' ELSE 'points' END;
    ELSE
      v_idx := v_idx || r.i; v_mem := v_mem || r.member; v_min := v_min || r.mn; v_unit := v_unit || r.unit;
      v_tok := v_tok || r.token;
      -- 'all' takes what the purse pays for, up to the count confirmed; a fixed count needs all of it.
      v_want := v_want || least(r.cnt::bigint, r.purse / r.unit)::int;
    END IF;
  END LOOP;

  IF cardinality(v_idx) > 0 THEN
    -- What is left as this statement's snapshot sees it. The cursor is locked only at the end, below; should a
    -- batch of the pack that commits meanwhile take tickets this one counted on, the cursor move finds too few and
    -- the whole statement is rolled back with OR010 (stock_moved), which the server answers by sending the batch
    -- again. A buyer refused for stock here is refused rightly: stock only ever goes down.
    SELECT s.total - s.drawn INTO v_left FROM pack_stock s WHERE s.pack_id = p_pack;
    v_left := coalesce(v_left, 0);
    FOR k IN 1 .. cardinality(v_idx) LOOP
      v_take := least(v_want[k], v_left - v_taken);
      IF v_take < v_min[k] THEN
        v_failed := v_failed || v_idx[k]; v_why := v_why || 'stock'::text;
      ELSE
        b_idx := b_idx || v_idx[k]; b_mem := b_mem || v_mem[k]; b_n := b_n || v_take; b_unit := b_unit || v_unit[k];
        b_tok := b_tok || v_tok[k];
        v_taken := v_taken + v_take;
      END IF;
    END LOOP;
  END IF;

  IF cardinality(b_idx) > 0 THEN
    -- A token spent by a transaction that committed after the check above conflicts here: that buyer is a replay
    -- and takes nothing.
    WITH ins AS (
      INSERT INTO purchases AS u (member_id, pack_id, count, unit_price, price, currency, token, created_at)
      SELECT b.mem, p_pack, b.n, b.unit, b.n::bigint * b.unit, CASE WHEN v_coin THEN 'coin' ELSE 'point' END, b.tok, p_now
      FROM unnest(b_mem, b_n, b_unit, b_tok) AS b(mem, n, unit, tok) ORDER BY b.tok
      ON CONFLICT (token) DO NOTHING
      RETURNING u.id, u.token
    )
    SELECT array_agg(ins.id), array_agg(ins.token) INTO v_pids, v_ptoks FROM ins;
    IF coalesce(cardinality(v_pids), 0) < cardinality(b_idx) THEN
      FOR k IN 1 .. cardinality(b_idx) LOOP
        IF NOT (b_tok[k] = ANY (coalesce(v_ptoks, '{}'))) THEN
          v_failed := v_failed || b_idx[k]; v_why := v_why || 'replay'::text;
          v_taken := v_taken - b_n[k];
          b_n[k] := 0;
        END IF;
      END LOOP;
    END IF;

    -- One debit per purchase, in member order (the order spend_points_many locks in).
    SELECT array_agg(b.mem ORDER BY b.mem), array_agg(b.n::bigint * b.unit ORDER BY b.mem),
      array_agg(x.id ORDER BY b.mem), array_agg(format('pack %s x%s', p_pack, b.n) ORDER BY b.mem)
    INTO f_mem, f_price, f_pid, f_memo
    FROM unnest(b_mem, b_n, b_unit, b_tok) AS b(mem, n, unit, tok)
    JOIN unnest(v_pids, v_ptoks) AS x(id, token) ON x.token = b.tok
    WHERE b.n > 0;

    IF f_mem IS NOT NULL THEN
      IF v_coin THEN
        FOR k IN 1 .. cardinality(f_mem) LOOP
          PERFORM change_coins(f_mem[k], -f_price[k], p_now, 'pack_purchase', 'purchase', f_pid[k], f_memo[k]);
        END LOOP;
      ELSE
        PERFORM 1 FROM spend_points_many(f_mem, f_price, p_now, 'pack_purchase', 'purchase', f_pid, f_memo);
      END IF;

      -- The cursor moves past the tickets handed out, if they are still there, with the per-rank split of those
      -- tickets (the sub-select reads the row being updated, so it counts from wherever the cursor really is).
      UPDATE pack_stock s SET drawn = s.drawn + v_taken, (drawn_s, drawn_a, drawn_b, drawn_c) = (
        SELECT s.drawn_s + count(*) FILTER (WHERE k.rank = 'S'), s.drawn_a + count(*) FILTER (WHERE k.rank = 'A'),
          s.drawn_b + count(*) FILTER (WHERE k.rank = 'B'), s.drawn_c + count(*) FILTER (WHERE k.rank = 'C')
        FROM tickets t JOIN pack_cards k ON k.id = t.pack_card_id
        WHERE t.pack_id = p_pack AND t.ticket_no > s.drawn AND t.ticket_no <= s.drawn + v_taken
      )
      WHERE s.pack_id = p_pack AND s.drawn + v_taken <= s.total
      RETURNING s.drawn - v_taken INTO v_drawn;
      IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'OR010', MESSAGE = 'stock_moved';
      END IF;

      -- The tickets handed out: the buyers who bought, in buyer order, take the tickets after the cursor, so
      -- buyer k's j-th ticket is drawn + (what the buyers before k took) + j.
      SELECT array_agg(b.idx ORDER BY n.no), array_agg(b.mem ORDER BY n.no), array_agg(b.pid ORDER BY n.no),
        array_agg(n.no ORDER BY n.no), array_agg(t.pack_card_id ORDER BY n.no)
      INTO d_idx, d_mem, d_pid, d_no, d_card
      FROM (
        SELECT b.idx, b.mem, b.n, x.id AS pid, sum(b.n) OVER (ORDER BY b.idx) - b.n AS before
        FROM unnest(b_idx, b_mem, b_n, b_tok) AS b(idx, mem, n, tok)
        JOIN unnest(v_pids, v_ptoks) AS x(id, token) ON x.token = b.tok
        WHERE b.n > 0
      ) b
      CROSS JOIN LATERAL generate_series(1, b.n) AS s(j)
      CROSS JOIN LATERAL (SELECT (v_drawn + b.before + s.j)::int AS no) n
      JOIN tickets t ON t.pack_id = p_pack AND t.ticket_no = n.no;

      RETURN QUERY
      WITH ins AS (
        INSERT INTO purchase_cards AS c (purchase_id, pack_id, member_id, ticket_no, pack_card_id, created_at)
        SELECT d.pid, p_pack, d.mem, d.no, d.card, p_now
        FROM unnest(d_pid, d_mem, d_no, d_card) AS d(pid, mem, no, card) ORDER BY d.no
        RETURNING c.purchase_id, c.id, c.ticket_no, c.pack_card_id
      )
      SELECT d.idx, ins.purchase_id, ins.id, ins.ticket_no, ins.pack_card_id, NULL::text
      FROM ins JOIN unnest(d_idx, d_no) AS d(idx, no) ON d.no = ins.ticket_no
      ORDER BY d.idx, ins.ticket_no;
    END IF;
  END IF;

  RETURN QUERY SELECT f.i, NULL::bigint, NULL::bigint, NULL::int, NULL::bigint, f.why
    FROM unnest(v_failed, v_why) AS f(i, why);
END
$$;

-- all_members_exist was a SQL function with a subquery, which PostgreSQL neither inlines nor keeps a plan for:
-- it was planned again on every call (every purchase batch). PL/pgSQL keeps the plan for the session.
CREATE OR REPLACE FUNCTION all_members_exist(ids bigint[]) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT count(*) FROM members m WHERE m.id = ANY (ids)) = coalesce(cardinality(ids), 0);
END
$$;

-- The purchase path plans every statement once per connection, with key lookups only (see 2. above). Generic plans
-- are forced too: with sequential scans off, a generic plan that still needs one looks dearer than a custom plan,
-- and the plan cache would then plan the statement again on every call (a third of a small batch's time).
DO $$
DECLARE
  f regprocedure;
BEGIN
  FOREACH f IN ARRAY ARRAY[
    'buy_pack_batch(bigint, bigint[], integer[], integer[], text[], integer[], timestamptz)',
    'spend_points_many(bigint[], bigint[], timestamptz, text, text, bigint[], text[])',
    'change_coins(bigint, bigint, timestamptz, text, text, bigint, text)',
    'all_members_exist(bigint[])', 'check_purchase_refs()', 'check_purchase_card_refs()', 'check_ledger_entry_refs()',
    'check_point_lot_move_refs()'
  ]::regprocedure[] LOOP
    EXECUTE format('ALTER FUNCTION %s SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off '
      'SET plan_cache_mode = force_generic_plan', f);
  END LOOP;
END
$$;
