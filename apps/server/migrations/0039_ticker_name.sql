-- How the live hit ticker names a member (issue 22 §3, ADR 0059): 'anonymous' (the ticker's anonymous label) or
-- 'initial' (the first letter of the family name and "***"). Anonymous for everyone until they choose otherwise on
-- My Page: the ticker goes to every open page, and no member agreed to their initial being shown there.
ALTER TABLE members ADD COLUMN ticker_name text NOT NULL DEFAULT 'anonymous'
  CONSTRAINT members_ticker_name_check CHECK (ticker_name IN ('anonymous', 'initial'));
