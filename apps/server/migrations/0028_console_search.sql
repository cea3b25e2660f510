-- Member and payment search at scale (issue 21). The console finds members by part of the mail, the name or a
-- phone number, which a scan of every member row did in about a second at 100,000 members. The searched words live
-- in their own table with trigram indexes: members rows are updated by every purchase (balances, last activity) and
-- are never HOT-updated (last_activity_at is indexed), so an index on members itself would be written by every
-- purchase; this table changes only when a member registers or changes a searched column
-- (db/functions/member_search_row.sql).
--   mail    lower(mail)
--   names   family + given name, "family given" and "given family", one per line
--   phones  tel and sms_tel, one per line
-- A search never holds a newline, so it cannot match across two lines.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE member_search (
  member_id bigint PRIMARY KEY REFERENCES members (id),
  mail text NOT NULL,
  names text NOT NULL,
  phones text NOT NULL
);

INSERT INTO member_search (member_id, mail, names, phones)
SELECT id, lower(mail), last_name || first_name || E'\n' || last_name || ' ' || first_name || E'\n' || first_name || ' '
  || last_name, tel || E'\n' || COALESCE(sms_tel, '')
FROM members;

CREATE INDEX member_search_words ON member_search
  USING gin (mail gin_trgm_ops, names gin_trgm_ops, phones gin_trgm_ops);

-- The console's payment lists (issue 21): the failed tab's count, the list by amount, and the search by part of the
-- transfer holder's name (payments are written a few times each, so their indexes cost the shop little).
CREATE INDEX payments_failed ON payments (id) WHERE status IN ('failed', 'expired', 'cancelled');
CREATE INDEX payments_amount ON payments (amount, id);
CREATE INDEX payments_holder_name ON payments USING gin ((method->>'name') gin_trgm_ops) WHERE method ? 'name';
