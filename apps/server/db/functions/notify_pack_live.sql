-- Live stock and hits on every open page (issue 22 §3, ADR 0049): after each statement that inserts drawn cards,
-- one NOTIFY on the channel pack_live names the packs whose stock moved (their ids, comma-separated). One per
-- statement, not per row: a batch of buy_pack_batch inserts all its cards in one statement, so a batch of 64 buyers
-- sends one notice. The payload carries ids only; each instance's listener reads the stock and the new S and A hits
-- itself, at most once per pack per 250 ms, so a burst of batches costs it one read. NOTIFY is delivered at commit
-- and dropped on rollback, so a listener never hears of stock that was not sold.
CREATE OR REPLACE FUNCTION notify_pack_live() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_packs text;
BEGIN
  SELECT string_agg(DISTINCT n.pack_id::text, ',') INTO v_packs FROM new_rows n;
  IF v_packs IS NOT NULL THEN
    PERFORM pg_notify('pack_live', v_packs);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER purchase_cards_live_insert AFTER INSERT ON purchase_cards REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_pack_live();
