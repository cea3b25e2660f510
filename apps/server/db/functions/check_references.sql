-- The reference checks of the four tables every purchase writes (ADR 0007): once per insert statement, where
-- foreign keys checked (and locked, FOR KEY SHARE) each row's references one by one. They are sound because the
-- rows referred to are records (refuse_record_change.sql): once there, never deleted or re-keyed. Some are stricter
-- than the keys were: a drawn card must be its purchase's member's and pack's, and a card of that pack; a lot move
-- must take from a lot of its ledger entry's member.
-- Each branch copies the new rows' references into arrays first (the only query on the transition table, so the
-- only one planned per call), then looks each distinct one up as a scalar subquery on a primary key: a join would
-- let the planner walk, say, every purchase of a member, and a batch of thousands of drawn cards refers to a few
-- purchases and lineup cards only.
CREATE OR REPLACE FUNCTION check_references() RETURNS trigger LANGUAGE plpgsql
  -- Key lookups only, one generic plan (ADR 0008): a plan made while a table was small must not scan it later.
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_members bigint[];
  v_packs bigint[];
  v_purchases bigint[];
  v_cards bigint[];
  v_entries bigint[];
  v_lots bigint[];
  v_bad text;
BEGIN
  IF TG_TABLE_NAME = 'purchases' THEN
    SELECT array_agg(DISTINCT n.member_id), array_agg(DISTINCT n.pack_id) INTO v_members, v_packs FROM new_rows n;
    IF NOT all_members_exist(v_members)
      OR (SELECT count(*) FROM packs p WHERE p.id = ANY (v_packs)) <> coalesce(cardinality(v_packs), 0) THEN
      v_bad := 'purchases: unknown member or pack';
    END IF;
  ELSIF TG_TABLE_NAME = 'purchase_cards' THEN
    SELECT array_agg(n.purchase_id), array_agg(n.member_id), array_agg(n.pack_id), array_agg(n.pack_card_id)
    INTO v_purchases, v_members, v_packs, v_cards FROM new_rows n;
    IF EXISTS (
      SELECT 1 FROM (SELECT DISTINCT * FROM unnest(v_purchases, v_members, v_packs)) AS n(purchase_id, member_id, pack_id)
      WHERE (SELECT ROW(u.member_id, u.pack_id) FROM purchases u WHERE u.id = n.purchase_id)
        IS DISTINCT FROM ROW(n.member_id, n.pack_id)
    ) OR EXISTS (
      SELECT 1 FROM (SELECT DISTINCT * FROM unnest(v_cards, v_packs)) AS n(card_id, pack_id)
      WHERE (SELECT c.pack_id FROM pack_cards c WHERE c.id = n.card_id) IS DISTINCT FROM n.pack_id
    ) THEN
      v_bad := 'purchase_cards: unknown purchase, or a member, pack or card that is not the purchase''s';
    END IF;
  ELSIF TG_TABLE_NAME = 'ledger_entries' THEN
    IF NOT all_members_exist((SELECT array_agg(DISTINCT n.member_id) FROM new_rows n)) THEN
      v_bad := 'ledger_entries: unknown member';
    END IF;
  ELSIF TG_TABLE_NAME = 'point_lot_moves' THEN
    SELECT array_agg(n.ledger_id), array_agg(n.lot_id) INTO v_entries, v_lots FROM new_rows n;
    IF EXISTS (
      SELECT 1 FROM unnest(v_entries, v_lots) AS n(ledger_id, lot_id)
      WHERE (SELECT e.member_id FROM ledger_entries e WHERE e.id = n.ledger_id) IS NULL
        OR (SELECT e.member_id FROM ledger_entries e WHERE e.id = n.ledger_id)
          IS DISTINCT FROM (SELECT l.member_id FROM point_lots l WHERE l.id = n.lot_id)
    ) THEN
      v_bad := 'point_lot_moves: unknown ledger entry or lot, or a lot of another member';
    END IF;
  ELSE
    RAISE EXCEPTION 'check_references: no check for table %', TG_TABLE_NAME;
  END IF;
  IF v_bad IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'foreign_key_violation', MESSAGE = v_bad;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER purchases_refs AFTER INSERT ON purchases REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION check_references();
CREATE OR REPLACE TRIGGER purchase_cards_refs AFTER INSERT ON purchase_cards REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION check_references();
CREATE OR REPLACE TRIGGER ledger_entries_refs AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION check_references();
CREATE OR REPLACE TRIGGER point_lot_moves_refs AFTER INSERT ON point_lot_moves REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION check_references();
