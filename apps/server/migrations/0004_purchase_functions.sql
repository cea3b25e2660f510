-- The point/coin debits and the whole pack purchase as SQL functions, so a purchase is one statement (one round
-- trip, autocommit, all-or-nothing) instead of ~8 (ADR 0004, "Launch-day rush"). services/ledger.ts calls the
-- same spend_points / change_coins, so there is one implementation of the lot rule, checked against the core
-- model (planLotSpend) by apps/server/test/ledger/ledger-model.test.ts.
--
-- Errors raised with our own SQLSTATEs (class OR) and mapped to AppErrors by the server:
--   OR001 insufficient_points, OR002 insufficient_coins, OR003 max_buy_count (DETAIL = 'max_buy_count,draws bought before').

-- Spends points: locks the member row with a conditional debit (never below zero), then takes from the spendable
-- lots free-granted first, then the soonest to expire, then the oldest (planLotSpend's order), writes one ledger
-- row and the lot moves. Raises OR001 when the balance or the unexpired lots do not hold enough.
CREATE FUNCTION spend_points(
  p_member bigint, p_amount bigint, p_now timestamptz, p_reason text, p_ref_type text, p_ref_id bigint, p_memo text,
  OUT o_ledger_id bigint, OUT o_balance bigint
) LANGUAGE plpgsql AS $$
DECLARE
  v_left bigint := p_amount;
  v_take bigint;
  v_ids bigint[] := '{}';
  v_takes bigint[] := '{}';
  r record;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'bad ledger amount %', p_amount;
  END IF;
  UPDATE members SET point_balance = point_balance - p_amount, last_activity_at = p_now, updated_at = now()
  WHERE id = p_member AND point_balance >= p_amount
  RETURNING point_balance INTO o_balance;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'OR001', MESSAGE = 'insufficient_points';
  END IF;
  FOR r IN
    SELECT id, remaining FROM point_lots
    WHERE member_id = p_member AND remaining > 0 AND expired_at IS NULL AND expires_at > p_now
    ORDER BY kind = 'free' DESC, expires_at, id
    FOR UPDATE
  LOOP
    EXIT WHEN v_left = 0;
    v_take := least(r.remaining, v_left);
    v_ids := v_ids || r.id;
    v_takes := v_takes || v_take;
    v_left := v_left - v_take;
  END LOOP;
  -- The balance said yes but the lots say no only if some lots passed expiry before the nightly job ran.
  IF v_left > 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'OR001', MESSAGE = 'insufficient_points';
  END IF;
  INSERT INTO ledger_entries (member_id, currency, amount, balance_after, reason, ref_type, ref_id, memo, created_at)
  VALUES (p_member, 'point', -p_amount, o_balance, p_reason, p_ref_type, p_ref_id, coalesce(p_memo, ''), p_now)
  RETURNING id INTO o_ledger_id;
  UPDATE point_lots l SET remaining = l.remaining - t.take
  FROM unnest(v_ids, v_takes) AS t(lot_id, take) WHERE l.id = t.lot_id;
  INSERT INTO point_lot_moves (ledger_id, lot_id, amount)
  SELECT o_ledger_id, t.lot_id, -t.take FROM unnest(v_ids, v_takes) AS t(lot_id, take);
END
$$;

-- Changes a coin balance (coins have no lots) and writes the ledger row; raises OR002 below zero.
CREATE FUNCTION change_coins(
  p_member bigint, p_amount bigint, p_now timestamptz, p_reason text, p_ref_type text, p_ref_id bigint, p_memo text,
  OUT o_ledger_id bigint, OUT o_balance bigint
) LANGUAGE plpgsql AS $$
BEGIN
  IF p_amount IS NULL OR p_amount = 0 THEN
    RAISE EXCEPTION 'bad coin amount %', p_amount;
  END IF;
  UPDATE members SET coin_balance = coin_balance + p_amount, updated_at = now()
  WHERE id = p_member AND coin_balance + p_amount >= 0
  RETURNING coin_balance INTO o_balance;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'OR002', MESSAGE = 'insufficient_coins';
  END IF;
  INSERT INTO ledger_entries (member_id, currency, amount, balance_after, reason, ref_type, ref_id, memo, created_at)
  VALUES (p_member, 'coin', p_amount, o_balance, p_reason, p_ref_type, p_ref_id, coalesce(p_memo, ''), p_now)
  RETURNING id INTO o_ledger_id;
END
$$;

-- The whole purchase of `p_count` draws (at least `p_min`) of a pack with the intent nonce `p_token`:
-- sale rules (the ones assertOnSale names), claim of the next undrawn tickets in sequence order skipping rows
-- other buyers hold (no pack-wide lock), the purchase row (ON CONFLICT on the token: a replay claims nothing),
-- the tickets, the drawn cards, the debit (spend_points / change_coins) and the max_buy_count re-check once the
-- member row is locked. Returns one row per drawn card, or no row when nothing was bought (a rule failed, the
-- stock is short, the pack is unknown or the token was already spent): the caller then names the reason.
-- Called as one autocommit statement, it is all-or-nothing: any error rolls back every write above.
CREATE FUNCTION buy_pack(
  p_pack bigint, p_member bigint, p_count integer, p_unit integer, p_token text, p_now timestamptz, p_min integer
) RETURNS TABLE (purchase_id bigint, history_id bigint, ticket_no integer, pack_card_id bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  pk record;
  v_nos integer[];
  v_cards bigint[];
  v_n integer;
  v_purchase bigint;
  v_price bigint;
  v_bought integer;
BEGIN
  SELECT p.point, p.payment_method, p.max_buy_count, p.rank_limit, p.sms_only, p.start_date, p.closed_at,
    m.rank AS m_rank, m.sms_verified_at IS NOT NULL AS m_sms
  INTO pk FROM packs p, members m WHERE p.id = p_pack AND m.id = p_member;
  IF NOT FOUND
    OR NOT ((pk.closed_at IS NULL OR pk.closed_at > p_now) AND pk.start_date <= p_now AND (NOT pk.sms_only OR pk.m_sms)
      AND pk.rank_limit <= pk.m_rank AND pk.point = p_unit) THEN
    RETURN;
  END IF;
  IF pk.max_buy_count > 0 THEN
    SELECT COALESCE(sum(b.count), 0)::int INTO v_bought FROM purchases b
    WHERE b.member_id = p_member AND b.pack_id = p_pack;
    IF pk.max_buy_count - v_bought < p_count THEN
      RETURN;
    END IF;
  END IF;

  SELECT array_agg(t.ticket_no ORDER BY t.ticket_no), array_agg(t.pack_card_id ORDER BY t.ticket_no)
  INTO v_nos, v_cards
  FROM (
    SELECT k.ticket_no, k.pack_card_id FROM tickets k
    WHERE k.pack_id = p_pack AND k.purchase_id IS NULL
    ORDER BY k.ticket_no LIMIT p_count
    FOR UPDATE SKIP LOCKED
  ) t;
  v_n := coalesce(cardinality(v_nos), 0);
  IF v_n = 0 OR v_n < p_min THEN
    RETURN;
  END IF;

  v_price := v_n::bigint * p_unit;
  INSERT INTO purchases (member_id, pack_id, count, unit_price, price, currency, token, created_at)
  VALUES (p_member, p_pack, v_n, p_unit, v_price, CASE WHEN pk.payment_method = '2' THEN 'coin' ELSE 'point' END,
    p_token, p_now)
  ON CONFLICT (token) DO NOTHING
  RETURNING id INTO v_purchase;
  IF v_purchase IS NULL THEN
    RETURN;
  END IF;

  UPDATE tickets k SET purchase_id = v_purchase WHERE k.pack_id = p_pack AND k.ticket_no = ANY (v_nos);

  IF pk.payment_method = '2' THEN
    PERFORM change_coins(p_member, -v_price, p_now, 'pack_purchase', 'purchase', v_purchase,
      format('pack %s x%s', p_pack, v_n));
  ELSE
    PERFORM spend_points(p_member, v_price, p_now, 'pack_purchase', 'purchase', v_purchase,
      format('pack %s x%s', p_pack, v_n));
  END IF;

  IF pk.max_buy_count > 0 THEN
    -- The debit locked this member's row, so this count sees every committed purchase of theirs.
    SELECT COALESCE(sum(b.count), 0)::int INTO v_bought FROM purchases b
    WHERE b.member_id = p_member AND b.pack_id = p_pack;
    IF v_bought > pk.max_buy_count THEN
      RAISE EXCEPTION USING ERRCODE = 'OR003', MESSAGE = 'max_buy_count', DETAIL = format('%s,%s', pk.max_buy_count, v_bought - v_n);
    END IF;
  END IF;

  RETURN QUERY
  WITH ins AS (
    INSERT INTO purchase_cards AS d (purchase_id, pack_id, member_id, ticket_no, pack_card_id, created_at)
    SELECT v_purchase, p_pack, p_member, t.no, t.card, p_now
    FROM unnest(v_nos, v_cards) AS t(no, card) ORDER BY t.no
    RETURNING d.purchase_id, d.id, d.ticket_no, d.pack_card_id
  )
  SELECT ins.purchase_id, ins.id, ins.ticket_no, ins.pack_card_id FROM ins ORDER BY ins.ticket_no;
END
$$;
