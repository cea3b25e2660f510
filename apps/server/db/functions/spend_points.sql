-- Spends points of one member (services/ledger.ts): a batch of one of spend_points_many, the one implementation of
-- the lot rule (free lots first, then the soonest to expire, then the oldest). Raises OR001 (insufficient_points).
-- Errors use our own SQLSTATE class OR, mapped to AppErrors by the server: OR001 insufficient_points,
-- OR002 insufficient_coins, OR010 stock_moved (buy_pack_batch).
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
