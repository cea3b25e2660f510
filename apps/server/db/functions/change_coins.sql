-- Changes a coin balance (coins have no lots) and writes the ledger row; raises OR002 below zero.
CREATE OR REPLACE FUNCTION change_coins(
  p_member bigint, p_amount bigint, p_now timestamptz, p_reason text, p_ref_type text, p_ref_id bigint, p_memo text,
  OUT o_ledger_id bigint, OUT o_balance bigint
) LANGUAGE plpgsql
  -- Key lookups only, one generic plan (ADR 0008): a plan made while a table was small must not scan it later.
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off SET plan_cache_mode = force_generic_plan
AS $$
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
