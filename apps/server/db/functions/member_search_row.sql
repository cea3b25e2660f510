-- Keeps member_search (migration 0028) in step with the searched columns of members: a new member, or an update that
-- names mail, a name or a phone in its SET list. The shop's frequent updates of members (balances, last activity,
-- rank) name none of them, so they never call this.
CREATE OR REPLACE FUNCTION member_search_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_search (member_id, mail, names, phones)
  VALUES (NEW.id, lower(NEW.mail),
    NEW.last_name || NEW.first_name || E'\n' || NEW.last_name || ' ' || NEW.first_name || E'\n' || NEW.first_name
      || ' ' || NEW.last_name,
    NEW.tel || E'\n' || COALESCE(NEW.sms_tel, ''))
  ON CONFLICT (member_id) DO UPDATE SET mail = EXCLUDED.mail, names = EXCLUDED.names, phones = EXCLUDED.phones;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER members_search_insert AFTER INSERT ON members FOR EACH ROW EXECUTE FUNCTION member_search_row();
CREATE OR REPLACE TRIGGER members_search_update AFTER UPDATE OF mail, last_name, first_name, tel, sms_tel ON members FOR EACH ROW EXECUTE FUNCTION member_search_row();
