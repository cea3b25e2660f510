-- Reference checks on the four tables every purchase writes, once per statement instead of once per row (ADR 0007).
--
-- A foreign key checks each inserted row with its own query that locks the referenced row FOR KEY SHARE: seven per
-- 1-draw purchase (purchases → members, packs; purchase_cards → purchases, pack_cards; ledger_entries → members;
-- point_lot_moves → ledger_entries, point_lots). Several of those rows are shared by every buyer (the pack, its
-- cards), so the locks turn into multixacts and WAL records on hot rows; measured, these checks were more than
-- half of PostgreSQL's time per purchase.
--
-- What the keys guaranteed is kept by two things together:
-- 1. The referenced rows are records: they are never deleted and their ids never change (nothing in the shop does
--    either; these triggers make it impossible), so a reference that was valid when written stays valid and there is
--    nothing to lock against.
-- 2. Each insert statement checks all its new rows at once against the referenced tables — and more strictly than
--    the keys did: a drawn card must belong to its purchase's member and pack and be a card of that pack, and a lot
--    move must take from a lot of its ledger entry's member.
-- The reference columns themselves never change after insert (enforced below).

CREATE FUNCTION refuse_record_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'restrict_violation',
    MESSAGE = format('%s: these rows are records; they are never deleted and their references never change', TG_TABLE_NAME);
END
$$;

CREATE TRIGGER members_are_records BEFORE DELETE OR TRUNCATE ON members
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_record_change();
CREATE TRIGGER members_id_fixed BEFORE UPDATE OF id ON members
  FOR EACH ROW WHEN (NEW.id IS DISTINCT FROM OLD.id) EXECUTE FUNCTION refuse_record_change();
CREATE TRIGGER packs_are_records BEFORE DELETE OR TRUNCATE ON packs
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_record_change();
CREATE TRIGGER packs_id_fixed BEFORE UPDATE OF id ON packs
  FOR EACH ROW WHEN (NEW.id IS DISTINCT FROM OLD.id) EXECUTE FUNCTION refuse_record_change();
CREATE TRIGGER pack_cards_are_records BEFORE DELETE OR TRUNCATE ON pack_cards
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_record_change();
CREATE TRIGGER pack_cards_fixed BEFORE UPDATE OF id, pack_id ON pack_cards
  FOR EACH ROW WHEN (NEW.id IS DISTINCT FROM OLD.id OR NEW.pack_id IS DISTINCT FROM OLD.pack_id)
  EXECUTE FUNCTION refuse_record_change();
CREATE TRIGGER purchases_are_records BEFORE DELETE OR TRUNCATE ON purchases
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_record_change();
CREATE TRIGGER purchases_fixed BEFORE UPDATE OF id, member_id, pack_id ON purchases
  FOR EACH ROW WHEN (NEW.id IS DISTINCT FROM OLD.id OR NEW.member_id IS DISTINCT FROM OLD.member_id
    OR NEW.pack_id IS DISTINCT FROM OLD.pack_id)
  EXECUTE FUNCTION refuse_record_change();
CREATE TRIGGER purchase_cards_are_records BEFORE DELETE OR TRUNCATE ON purchase_cards
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_record_change();
CREATE TRIGGER purchase_cards_fixed BEFORE UPDATE OF purchase_id, member_id, pack_id, pack_card_id ON purchase_cards
  FOR EACH ROW WHEN (NEW.purchase_id IS DISTINCT FROM OLD.purchase_id OR NEW.member_id IS DISTINCT FROM OLD.member_id
    OR NEW.pack_id IS DISTINCT FROM OLD.pack_id OR NEW.pack_card_id IS DISTINCT FROM OLD.pack_card_id)
  EXECUTE FUNCTION refuse_record_change();
CREATE TRIGGER ledger_entries_are_records BEFORE DELETE OR TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_record_change();
CREATE TRIGGER ledger_entries_fixed BEFORE UPDATE OF id, member_id ON ledger_entries
  FOR EACH ROW WHEN (NEW.id IS DISTINCT FROM OLD.id OR NEW.member_id IS DISTINCT FROM OLD.member_id)
  EXECUTE FUNCTION refuse_record_change();
CREATE TRIGGER point_lots_are_records BEFORE DELETE OR TRUNCATE ON point_lots
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_record_change();
CREATE TRIGGER point_lots_fixed BEFORE UPDATE OF id, member_id ON point_lots
  FOR EACH ROW WHEN (NEW.id IS DISTINCT FROM OLD.id OR NEW.member_id IS DISTINCT FROM OLD.member_id)
  EXECUTE FUNCTION refuse_record_change();
CREATE TRIGGER point_lot_moves_are_records BEFORE DELETE OR TRUNCATE ON point_lot_moves
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_record_change();
CREATE TRIGGER point_lot_moves_fixed BEFORE UPDATE OF ledger_id, lot_id ON point_lot_moves
  FOR EACH ROW WHEN (NEW.ledger_id IS DISTINCT FROM OLD.ledger_id OR NEW.lot_id IS DISTINCT FROM OLD.lot_id)
  EXECUTE FUNCTION refuse_record_change();

-- Each check first copies the new rows' references into arrays (the only query that reads the transition table, so
-- the only one planned per call), then looks them up with plans cached for the session. The lookups are scalar
-- subqueries on primary keys on purpose: a join would let the planner walk, say, every purchase of a member.
-- True when every id in `ids` is a member (a NULL or empty list is).
CREATE FUNCTION all_members_exist(ids bigint[]) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT (SELECT count(*) FROM members m WHERE m.id = ANY (ids)) = coalesce(cardinality(ids), 0)
$$;

CREATE FUNCTION check_purchase_refs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_members bigint[];
  v_packs bigint[];
BEGIN
  SELECT array_agg(DISTINCT n.member_id), array_agg(DISTINCT n.pack_id) INTO v_members, v_packs FROM new_rows n;
  IF NOT all_members_exist(v_members)
    OR (SELECT count(*) FROM packs p WHERE p.id = ANY (v_packs)) <> coalesce(cardinality(v_packs), 0) THEN
    RAISE EXCEPTION USING ERRCODE = 'foreign_key_violation', MESSAGE = 'purchases: unknown member or pack';
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION check_purchase_card_refs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_purchases bigint[];
  v_members bigint[];
  v_packs bigint[];
  v_cards bigint[];
BEGIN
  SELECT array_agg(n.purchase_id), array_agg(n.member_id), array_agg(n.pack_id), array_agg(n.pack_card_id)
  INTO v_purchases, v_members, v_packs, v_cards FROM new_rows n;
  IF EXISTS (
    SELECT 1 FROM unnest(v_purchases, v_members, v_packs, v_cards) AS n(purchase_id, member_id, pack_id, card_id)
    WHERE (SELECT ROW(u.member_id, u.pack_id) FROM purchases u WHERE u.id = n.purchase_id)
        IS DISTINCT FROM ROW(n.member_id, n.pack_id)
      OR (SELECT c.pack_id FROM pack_cards c WHERE c.id = n.card_id) IS DISTINCT FROM n.pack_id
  ) THEN
    RAISE EXCEPTION USING ERRCODE = 'foreign_key_violation',
      MESSAGE = 'purchase_cards: unknown purchase, or a member, pack or card that is not the purchase''s';
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION check_ledger_entry_refs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT all_members_exist((SELECT array_agg(DISTINCT n.member_id) FROM new_rows n)) THEN
    RAISE EXCEPTION USING ERRCODE = 'foreign_key_violation', MESSAGE = 'ledger_entries: unknown member';
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION check_point_lot_move_refs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_entries bigint[];
  v_lots bigint[];
BEGIN
  SELECT array_agg(n.ledger_id), array_agg(n.lot_id) INTO v_entries, v_lots FROM new_rows n;
  IF EXISTS (
    SELECT 1 FROM unnest(v_entries, v_lots) AS n(ledger_id, lot_id)
    WHERE (SELECT e.member_id FROM ledger_entries e WHERE e.id = n.ledger_id) IS NULL
      OR (SELECT e.member_id FROM ledger_entries e WHERE e.id = n.ledger_id)
        IS DISTINCT FROM (SELECT l.member_id FROM point_lots l WHERE l.id = n.lot_id)
  ) THEN
    RAISE EXCEPTION USING ERRCODE = 'foreign_key_violation',
      MESSAGE = 'point_lot_moves: unknown ledger entry or lot, or a lot of another member';
  END IF;
  RETURN NULL;
END
$$;

ALTER TABLE purchases DROP CONSTRAINT purchases_member_id_fkey, DROP CONSTRAINT purchases_pack_id_fkey;
ALTER TABLE purchase_cards DROP CONSTRAINT purchase_cards_purchase_id_fkey,
  DROP CONSTRAINT purchase_cards_pack_card_id_fkey;
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_member_id_fkey;
ALTER TABLE point_lot_moves DROP CONSTRAINT point_lot_moves_ledger_id_fkey, DROP CONSTRAINT point_lot_moves_lot_id_fkey;

CREATE TRIGGER purchases_refs AFTER INSERT ON purchases REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION check_purchase_refs();
CREATE TRIGGER purchase_cards_refs AFTER INSERT ON purchase_cards REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION check_purchase_card_refs();
CREATE TRIGGER ledger_entries_refs AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION check_ledger_entry_refs();
CREATE TRIGGER point_lot_moves_refs AFTER INSERT ON point_lot_moves REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION check_point_lot_move_refs();
