-- Spends `p_amounts[i]` points of member `p_members[i]` (members distinct) with one ledger row each, referring to
-- `p_ref_ids[i]`. Locks the members in id order, then their spendable lots in id order; raises OR001 if any member
-- lacks the balance or the unexpired lots (nothing is written then). Returns each member's ledger id and balance.
CREATE OR REPLACE FUNCTION spend_points_many(
  p_members bigint[], p_amounts bigint[], p_now timestamptz, p_reason text, p_ref_type text, p_ref_ids bigint[],
  p_memos text[]
) RETURNS TABLE (member_id bigint, ledger_id bigint, balance bigint)
LANGUAGE plpgsql
  -- Key lookups only, one generic plan (ADR 0008): a plan made while a table was small must not scan it later.
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off SET plan_cache_mode = force_generic_plan
AS $$
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

  -- Points used on a pack or in the exchange corner are activities of the idle rule (core IDLE_ACTIVITY_REASONS,
  -- ADR 0037) and move last_activity_at; a staff deduction or a withdrawal's forfeit is not the member's use.
  RETURN QUERY
  WITH debit AS (
    UPDATE members m SET point_balance = m.point_balance - w.amount,
      last_activity_at = CASE WHEN p_reason IN ('pack_purchase', 'exchange') THEN p_now ELSE m.last_activity_at END,
      updated_at = now()
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
