-- Buys for a batch of buyers of one pack: buyer i is member p_members[i] (distinct members, distinct tokens) with
-- an intent for p_counts[i] draws at p_units[i] each, nonce p_tokens[i], taking at least p_mins[i] (less than the
-- count only for 'all'). Returns the drawn cards of every buyer who bought (reason NULL) and one row per buyer who
-- did not, with the reason:
--   'rules'  the pack is unknown, closed, not on sale, SMS- or rank-limited for them, or its price changed; or the
--            member has not confirmed their mail address yet
--   'replay' the token was already spent (the caller answers the first purchase)
--   'max_buy' the member's max_buy_count would be exceeded
--   'points' / 'coins' the balance (or the unexpired point lots) cannot pay even the minimum
--   'stock'  fewer tickets than the minimum are left
--   'again'  the member or token appears earlier in the same batch (never sent by the server; try again)
-- Order: members (id order) and their lots are locked first, so the balance, lot and max_buy_count checks see
-- every committed purchase; the purchases and debits follow; the pack's draw cursor is locked last and held to
-- commit, so batches of one pack take tickets in turn: the buyers who buy take the next tickets in buyer order,
-- and the cursor moves past exactly those. The batch that takes the pack's final ticket also hands the pack's
-- last-one prize, if it has one, to the buyer who took that ticket: one more drawn card row, on ticket number 0. OR010 (stock_moved): a batch that committed meanwhile took tickets this
-- one counted on; nothing was written, and the batch may be sent again.
CREATE OR REPLACE FUNCTION buy_pack_batch(
  p_pack bigint, p_members bigint[], p_counts integer[], p_units integer[], p_tokens text[], p_mins integer[],
  p_now timestamptz
) RETURNS TABLE (idx integer, purchase_id bigint, history_id bigint, ticket_no integer, pack_card_id bigint, reason text)
LANGUAGE plpgsql
  -- Key lookups only, one generic plan (ADR 0008): a plan made while a table was small must not scan it later.
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off SET plan_cache_mode = force_generic_plan
AS $$
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
  -- Whether this batch took the pack's final ticket (the last-one prize goes with it).
  v_final boolean;
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
  -- Every debit.
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
      m.active AND m.mail_verified AND m.rank >= pk.rank_limit AND (NOT pk.sms_only OR m.sms_verified) AS allowed,
      (SELECT true FROM purchases u WHERE u.token = b.token) IS NOT NULL AS spent,
      CASE WHEN pk.max_buy_count > 0 THEN (SELECT COALESCE(sum(u.count), 0)::int FROM purchases u
        WHERE u.member_id = b.member AND u.pack_id = p_pack) ELSE 0 END AS bought,
      -- bigint, so that purse / unit below divides as integers (sum() is numeric and would round).
      (CASE WHEN v_coin THEN m.coin_balance
        ELSE least(m.point_balance, (SELECT coalesce(sum(l.remaining), 0) FROM point_lots l
          WHERE l.member_id = b.member AND l.remaining > 0 AND l.expired_at IS NULL AND l.expires_at > p_now)) END)::bigint AS purse
    FROM unnest(p_members, p_counts, p_units, p_tokens, p_mins) WITH ORDINALITY AS b(member, cnt, unit, token, mn, i)
    LEFT JOIN LATERAL (
      -- active: not suspended by support nor withdrawn (the check refuses them too; this covers a token taken before).
      SELECT m.id, m.rank, m.suspended_at IS NULL AND m.withdrawn_at IS NULL AS active,
        m.mail_verified_at IS NOT NULL AS mail_verified, m.sms_verified_at IS NOT NULL AS sms_verified,
        m.point_balance, m.coin_balance
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
      RETURNING s.drawn - v_taken, s.drawn = s.total INTO v_drawn, v_final;
      IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'OR010', MESSAGE = 'stock_moved';
      END IF;

      -- The tickets handed out: the buyers who bought, in buyer order, take the tickets after the cursor, so
      -- buyer k takes the range after drawn + (what the buyers before k took). One range scan of the tickets; each
      -- ticket finds its buyer among the few of the batch, and each inserted card its buyer by purchase id (joining
      -- the cards with a per-card list instead compared every card with every other: quadratic in the draw count).
      RETURN QUERY
      WITH b AS MATERIALIZED (
        SELECT b.idx, b.mem, b.n, x.id AS pid, v_drawn + sum(b.n) OVER (ORDER BY b.idx) - b.n AS after
        FROM unnest(b_idx, b_mem, b_n, b_tok) AS b(idx, mem, n, tok)
        JOIN unnest(v_pids, v_ptoks) AS x(id, token) ON x.token = b.tok
        WHERE b.n > 0
      ), ins AS (
        INSERT INTO purchase_cards AS c (purchase_id, pack_id, member_id, ticket_no, pack_card_id, created_at)
        SELECT b.pid, p_pack, b.mem, t.ticket_no, t.pack_card_id, p_now
        FROM tickets t JOIN b ON t.ticket_no > b.after AND t.ticket_no <= b.after + b.n
        WHERE t.pack_id = p_pack AND t.ticket_no > v_drawn AND t.ticket_no <= v_drawn + v_taken
        ORDER BY t.ticket_no
        RETURNING c.purchase_id, c.id, c.ticket_no, c.pack_card_id
      )
      SELECT b.idx, ins.purchase_id, ins.id, ins.ticket_no, ins.pack_card_id, NULL::text
      FROM ins JOIN b ON b.pid = ins.purchase_id
      ORDER BY b.idx, ins.ticket_no;

      -- The last-one prize (ADR 0028): the cursor row, locked to commit, lets one batch only move the cursor to the
      -- end, and ticket 0 under the (pack_id, ticket_no) key would refuse a second award anyway. It goes to the last
      -- buyer of the batch who bought, whose range ends at the final ticket. A pack without one finds no card here
      -- (one probe of the partial index pack_cards_last_one, and only in the batch that sells the pack out).
      IF v_final THEN
        -- The pack sold out: staff are told (ADR 0046), in this transaction and only in the one batch that takes
        -- the final ticket, so the purchases before it pay nothing for the notice.
        INSERT INTO staff_events (kind, subject_id, detail, created_at)
        SELECT 'pack.sold_out', p_pack, jsonb_build_object('ja', p.name_ja, 'en', p.name_en), p_now FROM packs p WHERE p.id = p_pack
        ON CONFLICT DO NOTHING;
        RETURN QUERY
        WITH w AS (
          SELECT b.idx, b.mem, x.id AS pid
          FROM unnest(b_idx, b_mem, b_n, b_tok) AS b(idx, mem, n, tok)
          JOIN unnest(v_pids, v_ptoks) AS x(id, token) ON x.token = b.tok
          WHERE b.n > 0
          ORDER BY b.idx DESC LIMIT 1
        ), ins AS (
          INSERT INTO purchase_cards AS c (purchase_id, pack_id, member_id, ticket_no, pack_card_id, created_at, last_one)
          SELECT w.pid, p_pack, w.mem, 0, k.id, p_now, true
          FROM w JOIN pack_cards k ON k.pack_id = p_pack AND k.last_one
          RETURNING c.purchase_id, c.id, c.pack_card_id
        )
        SELECT w.idx, ins.purchase_id, ins.id, 0, ins.pack_card_id, NULL::text
        FROM ins JOIN w ON w.pid = ins.purchase_id;
      END IF;
    END IF;
  END IF;

  RETURN QUERY SELECT f.i, NULL::bigint, NULL::bigint, NULL::int, NULL::bigint, f.why
    FROM unnest(v_failed, v_why) AS f(i, why);
END
$$;
