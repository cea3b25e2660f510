-- Records (ADR 0007): members, packs, their cards and stock, tickets, purchases, drawn cards, ledger entries, lots
-- and lot moves are never deleted, and the columns other rows refer to never change. References into these tables
-- are checked once per insert statement (check_references.sql) instead of by per-row foreign keys, which is only
-- sound because a row that was referred to once stays there unchanged.
CREATE OR REPLACE FUNCTION refuse_record_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'restrict_violation',
    MESSAGE = format('%s: these rows are records; they are never deleted and their references never change', TG_TABLE_NAME);
END
$$;

-- The record tables, with the name of their row trigger and the columns it keeps fixed. Tickets are the
-- pre-committed sequence: fixed when the pack is created, so no change of any kind passes (ADR 0008).
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT * FROM (VALUES
    -- The columns the console's daily figures are counted from (note_daily_figures.sql) are fixed too.
    ('members', 'members_id_fixed', ARRAY['id', 'created_at']),
    -- The last-one prize is part of the published pack, fixed with it (ADR 0028).
    ('packs', 'packs_id_fixed', ARRAY['id', 'seed', 'seed_hash', 'total_tickets', 'last_one_card_id']),
    -- A published lineup is frozen (ADR 0016): which card, its rank and its count never change, nor which card is
    -- the last-one prize (ADR 0028).
    ('pack_cards', 'pack_cards_fixed', ARRAY['id', 'pack_id', 'rank', 'set_count', 'card_id', 'last_one']),
    ('pack_stock', 'pack_stock_fixed', ARRAY['pack_id', 'total']),
    ('purchases', 'purchases_fixed', ARRAY['id', 'member_id', 'pack_id']),
    ('purchase_cards', 'purchase_cards_fixed',
      ARRAY['purchase_id', 'member_id', 'pack_id', 'pack_card_id', 'last_one', 'ticket_no', 'created_at']),
    ('ledger_entries', 'ledger_entries_fixed', ARRAY['id', 'member_id', 'currency', 'amount', 'reason', 'created_at']),
    ('point_lots', 'point_lots_fixed', ARRAY['id', 'member_id', 'kind']),
    ('point_lot_moves', 'point_lot_moves_fixed', ARRAY['ledger_id', 'lot_id', 'amount']),
    ('tickets', NULL, NULL)
  ) AS t(tbl, fixed_trigger, cols) LOOP
    EXECUTE format('CREATE OR REPLACE TRIGGER %I BEFORE %s ON %I FOR EACH STATEMENT EXECUTE FUNCTION refuse_record_change()',
      r.tbl || '_are_records', CASE WHEN r.cols IS NULL THEN 'UPDATE OR DELETE OR TRUNCATE' ELSE 'DELETE OR TRUNCATE' END,
      r.tbl);
    IF r.cols IS NOT NULL THEN
      -- The WHEN clause filters in the executor, so an update that keeps the columns never calls the function.
      EXECUTE format('CREATE OR REPLACE TRIGGER %I BEFORE UPDATE OF %s ON %I FOR EACH ROW WHEN (%s) '
        'EXECUTE FUNCTION refuse_record_change()', r.fixed_trigger,
        (SELECT string_agg(quote_ident(c), ', ') FROM unnest(r.cols) c), r.tbl,
        (SELECT string_agg(format('NEW.%1$I IS DISTINCT FROM OLD.%1$I', c), ' OR ') FROM unnest(r.cols) c));
    END IF;
  END LOOP;
END
$$;
