-- The pack editor's card picker (issue 21 item 6, ADR 0045) searches the card master by part of a name (ja/en) or
-- model number, 20 cards a page, over 10,000+ cards. A scan of the master matched every row against three ILIKE
-- patterns per keystroke pause; trigram indexes let a selective search (a Japanese name, a model number, no match)
-- read only its candidates. The master is written rarely (card forms, bulk imports), so the index costs little.
-- pg_trgm is created by 0028.
CREATE INDEX cards_search ON cards USING gin (name_ja gin_trgm_ops, name_en gin_trgm_ops, model_number gin_trgm_ops);
