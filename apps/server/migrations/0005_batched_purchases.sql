-- Purchases in batches (ADR 0007): under a rush each server instance sends the buyers waiting for one pack as one
-- statement, `buy_pack_batch`, instead of one `buy_pack` each. Every step is one set-based statement for the whole
-- batch (one ticket claim, one purchase insert, one debit, ...), so a batch of 20 costs little more than one
-- purchase did. Each buyer still succeeds or fails on its own: a buyer who cannot buy is left out of every write
-- and answered with a reason; the statement itself is all-or-nothing, as before.
--
-- spend_points_many is now the one implementation of the lot rule (free lots first, then the soonest to expire,
-- then the oldest); spend_points (used by services/ledger.ts and checked step by step against the core model
-- planLotSpend by the ledger property test) becomes a call to it with one member.

-- Spends `p_amounts[i]` points of member `p_members[i]` (members distinct) with one ledger row each, referring to
-- `p_ref_ids[i]`. Locks the members in id order, then their spendable lots in id order; raises OR001 if any member
-- lacks the balance or the unexpired lots (nothing is written then). Returns each member's ledger id and balance.
CREATE FUNCTION spend_points_many(
  p_members bigint[], p_amounts bigint[], p_now timestamptz, p_reason text, p_ref_type text, p_ref_ids bigint[],
  p_memos text[]
) RETURNS TABLE (member_id bigint, ledger_id bigint, balance bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_n integer := coalesce(cardinality(p_members), 0);
  v_done integer;
  v_lot_member bigint[];
  v_lot bigint[];
  v_take bigint[];
BEGIN
  IF v_n = 0 THEN
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_amounts) a WHERE a IS NULL OR a <= 0) THEN
    RAISE EXCEPTION 'bad ledger amount in %', p_amounts;
  END IF;
  PERFORM 1 FROM members m WHERE m.id = ANY (p_members) ORDER BY m.id FOR UPDATE;
  PERFORM 1 FROM point_lots l
  WHERE l.member_id = ANY (p_members) AND l.remaining > 0 AND l.expired_at IS NULL AND l.expires_at > p_now
  ORDER BY l.id FOR UPDATE;

  -- The lots each member takes from, in spending order: a lot is used while the lots before it hold less than the
  -- amount, and gives what is still missing (at most all it has).
  SELECT array_agg(s.member_id ORDER BY s.id), array_agg(s.id ORDER BY s.id),
    array_agg(least(s.remaining, s.amount - (s.cum - s.remaining)) ORDER BY s.id)
  INTO v_lot_member, v_lot, v_take
  FROM (
    SELECT l.id, l.member_id, l.remaining, w.amount,
      sum(l.remaining) OVER (PARTITION BY l.member_id ORDER BY l.kind = 'free' DESC, l.expires_at, l.id) AS cum
    FROM point_lots l JOIN unnest(p_members, p_amounts) AS w(member_id, amount) ON w.member_id = l.member_id
    WHERE l.remaining > 0 AND l.expired_at IS NULL AND l.expires_at > p_now
  ) s
  WHERE s.cum - s.remaining < s.amount;

  -- Every member must be covered by its balance and its lots (the balance says yes but the lots say no only if
  -- some lots passed expiry before the nightly job ran).
  SELECT count(*) INTO v_done
  FROM unnest(p_members, p_amounts) AS w(member_id, amount)
  JOIN members m ON m.id = w.member_id AND m.point_balance >= w.amount
  WHERE w.amount = (SELECT coalesce(sum(t.take), 0) FROM unnest(v_lot_member, v_take) AS t(member_id, take)
    WHERE t.member_id = w.member_id);
  IF (SELECT count(DISTINCT x) FROM unnest(p_members) x) <> v_n THEN
    RAISE EXCEPTION 'spend_points_many: members must be distinct';
  END IF;
  IF v_done <> v_n THEN
    RAISE EXCEPTION USING ERRCODE = 'OR001', MESSAGE = 'insufficient_points';
  END IF;

  RETURN QUERY
  WITH debit AS (
    UPDATE members m SET point_balance = m.point_balance - w.amount, last_activity_at = p_now, updated_at = now()
    FROM unnest(p_members, p_amounts) AS w(member_id, amount)
    WHERE m.id = w.member_id
    RETURNING m.id AS member_id, m.point_balance
  ), entry AS (
    INSERT INTO ledger_entries AS e (member_id, currency, amount, balance_after, reason, ref_type, ref_id, memo, created_at)
    SELECT w.member_id, 'point', -w.amount, d.point_balance, p_reason, p_ref_type, w.ref_id, coalesce(w.memo, ''), p_now
    FROM unnest(p_members, p_amounts, p_ref_ids, p_memos) AS w(member_id, amount, ref_id, memo)
    JOIN debit d ON d.member_id = w.member_id
    ORDER BY w.member_id
    RETURNING e.id, e.member_id, e.balance_after
  ), lots AS (
    UPDATE point_lots l SET remaining = l.remaining - t.take
    FROM unnest(v_lot, v_take) AS t(lot_id, take) WHERE l.id = t.lot_id
  ), moves AS (
    INSERT INTO point_lot_moves (ledger_id, lot_id, amount)
    SELECT entry.id, t.lot_id, -t.take FROM unnest(v_lot_member, v_lot, v_take) AS t(member_id, lot_id, take)
    JOIN entry ON entry.member_id = t.member_id
  )
  SELECT entry.member_id, entry.id, entry.balance_after FROM entry;
END
$$;

CREATE OR REPLACE FUNCTION spend_points(
  p_member bigint, p_amount bigint, p_now timestamptz, p_reason text, p_ref_type text, p_ref_id bigint, p_memo text,
  OUT o_ledger_id bigint, OUT o_balance bigint
) LANGUAGE plpgsql AS $$
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'bad ledger amount %', p_amount;
  END IF;
  SELECT s.ledger_id, s.balance INTO o_ledger_id, o_balance
  FROM spend_points_many(ARRAY[p_member], ARRAY[p_amount], p_now, p_reason, p_ref_type, ARRAY[p_ref_id], ARRAY[p_memo]) s;
  IF o_ledger_id IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'OR001', MESSAGE = 'insufficient_points';
  END IF;
END
$$;

-- Buys for a batch of buyers of one pack: buyer i is member p_members[i] (distinct members, distinct tokens) with
-- an intent for p_counts[i] draws at p_units[i] each, nonce p_tokens[i], taking at least p_mins[i] (less than the
-- count only for 'all'). Returns the drawn cards of every buyer who bought (reason NULL) and one row per buyer who
-- did not, with the reason:
--   'rules'  the pack is unknown, closed, not on sale, SMS- or rank-limited for them, or its price changed
--   'replay' the token was already spent (the caller answers the first purchase)
--   'max_buy' the member's max_buy_count would be exceeded
--   'points' / 'coins' the balance (or the unexpired point lots) cannot pay even the minimum
--   'stock'  fewer undrawn tickets than the minimum are free
--   'again'  the member or token appears earlier in the same batch (never sent by the server; try again)
-- Order: members (id order) and their lots are locked first, so the balance, lot and max_buy_count checks see
-- every committed purchase; then the batch claims the next undrawn tickets in one SKIP LOCKED scan and hands them
-- out in buyer order; a buyer left short takes none and the tickets meant for it stay undrawn.
CREATE FUNCTION buy_pack_batch(
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
  v_nos integer[];
  v_cards bigint[];
  v_got integer;
  v_pos integer := 0;
  v_take integer;
  -- Buyers who buy, and the ticket positions (into v_nos) each takes.
  b_idx integer[] := '{}';
  b_mem bigint[] := '{}';
  b_n integer[] := '{}';
  b_unit integer[] := '{}';
  b_tok text[] := '{}';
  b_from integer[] := '{}';
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

  FOR r IN
    SELECT b.i::int AS i, b.member, b.cnt, b.unit, b.token, b.mn, m.id IS NOT NULL AS known,
      (row_number() OVER (PARTITION BY b.member ORDER BY b.i) > 1
        OR row_number() OVER (PARTITION BY b.token ORDER BY b.i) > 1) AS dup,
      m.rank >= pk.rank_limit AND (NOT pk.sms_only OR m.sms_verified_at IS NOT NULL) AS allowed,
      EXISTS (SELECT 1 FROM purchases u WHERE u.token = b.token) AS spent,
      CASE WHEN pk.max_buy_count > 0 THEN (SELECT COALESCE(sum(u.count), 0)::int FROM purchases u
        WHERE u.member_id = b.member AND u.pack_id = p_pack) ELSE 0 END AS bought,
      -- bigint, so that purse / unit below divides as integers (sum() is numeric and would round).
      (CASE WHEN v_coin THEN m.coin_balance
        ELSE least(m.point_balance, (SELECT coalesce(sum(l.remaining), 0) FROM point_lots l
          WHERE l.member_id = b.member AND l.remaining > 0 AND l.expired_at IS NULL AND l.expires_at > p_now)) END)::bigint AS purse
    FROM unnest(p_members, p_counts, p_units, p_tokens, p_mins) WITH ORDINALITY AS b(member, cnt, unit, token, mn, i)
    LEFT JOIN members m ON m.id = b.member
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
    SELECT array_agg(t.ticket_no ORDER BY t.ticket_no), array_agg(t.pack_card_id ORDER BY t.ticket_no)
    INTO v_nos, v_cards
    FROM (
      SELECT tk.ticket_no, tk.pack_card_id FROM tickets tk
      WHERE tk.pack_id = p_pack AND tk.purchase_id IS NULL
      ORDER BY tk.ticket_no LIMIT (SELECT sum(w) FROM unnest(v_want) w)
      FOR UPDATE SKIP LOCKED
    ) t;
    v_got := coalesce(cardinality(v_nos), 0);
    FOR k IN 1 .. cardinality(v_idx) LOOP
      v_take := least(v_want[k], v_got - v_pos);
      IF v_take < v_min[k] THEN
        v_failed := v_failed || v_idx[k]; v_why := v_why || 'stock'::text;
      ELSE
        b_idx := b_idx || v_idx[k]; b_mem := b_mem || v_mem[k]; b_n := b_n || v_take; b_unit := b_unit || v_unit[k];
        b_tok := b_tok || v_tok[k]; b_from := b_from || v_pos;
        v_pos := v_pos + v_take;
      END IF;
    END LOOP;
  END IF;

  IF cardinality(b_idx) > 0 THEN
    -- A token spent by a transaction that committed after the check above conflicts here: that buyer is a replay
    -- and takes nothing (its tickets stay undrawn).
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
          b_n[k] := 0;
        END IF;
      END LOOP;
    END IF;

    -- Every ticket handed out: buyer k takes v_nos[b_from[k] + 1 .. b_from[k] + b_n[k]].
    SELECT array_agg(b.idx ORDER BY b.from_pos + s.j), array_agg(b.mem ORDER BY b.from_pos + s.j),
      array_agg(x.id ORDER BY b.from_pos + s.j), array_agg(v_nos[b.from_pos + s.j] ORDER BY b.from_pos + s.j),
      array_agg(v_cards[b.from_pos + s.j] ORDER BY b.from_pos + s.j)
    INTO d_idx, d_mem, d_pid, d_no, d_card
    FROM unnest(b_idx, b_mem, b_n, b_tok, b_from) AS b(idx, mem, n, tok, from_pos)
    JOIN unnest(v_pids, v_ptoks) AS x(id, token) ON x.token = b.tok
    CROSS JOIN LATERAL generate_series(1, b.n) AS s(j)
    WHERE b.n > 0;

    IF d_idx IS NOT NULL THEN
      UPDATE tickets tk SET purchase_id = d.pid
      FROM unnest(d_no, d_pid) AS d(no, pid) WHERE tk.pack_id = p_pack AND tk.ticket_no = d.no;

      -- One debit per purchase, in member order (the order spend_points_many locks in).
      SELECT array_agg(b.mem ORDER BY b.mem), array_agg(b.n::bigint * b.unit ORDER BY b.mem),
        array_agg(x.id ORDER BY b.mem), array_agg(format('pack %s x%s', p_pack, b.n) ORDER BY b.mem)
      INTO f_mem, f_price, f_pid, f_memo
      FROM unnest(b_mem, b_n, b_unit, b_tok) AS b(mem, n, unit, tok)
      JOIN unnest(v_pids, v_ptoks) AS x(id, token) ON x.token = b.tok
      WHERE b.n > 0;
      IF v_coin THEN
        FOR k IN 1 .. cardinality(f_mem) LOOP
          PERFORM change_coins(f_mem[k], -f_price[k], p_now, 'pack_purchase', 'purchase', f_pid[k], f_memo[k]);
        END LOOP;
      ELSE
        PERFORM 1 FROM spend_points_many(f_mem, f_price, p_now, 'pack_purchase', 'purchase', f_pid, f_memo);
      END IF;

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

-- A single purchase is a batch of one now: one implementation of the purchase.
DROP FUNCTION buy_pack(bigint, bigint, integer, integer, text, timestamptz, integer);
