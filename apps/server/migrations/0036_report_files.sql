-- A closed month's points CSV is built once and kept in the shop's storage (ADR 0054). The row says which object
-- holds it and its ETag and length; the object's key has a random part, so a storage shared by another database
-- (a restored copy, a test shop) can never serve that database's file for this one. `wording` is a fingerprint of
-- the file's header and reason names in its language: new wording builds a new file.
CREATE TABLE report_files (
  month text NOT NULL CHECK (month ~ '^\d{4}-\d{2}$'),
  kind text NOT NULL CHECK (kind IN ('points')),
  lang text NOT NULL CHECK (lang IN ('ja', 'en')),
  wording text NOT NULL,
  storage_key text NOT NULL,
  etag text NOT NULL,
  -- The object is the CSV gzipped; etag and bytes are the CSV's own.
  bytes bigint NOT NULL CHECK (bytes > 0),
  built_at timestamptz NOT NULL,
  PRIMARY KEY (month, kind, lang, wording)
);
