-- Member programmes, part 1 (issue 11): withdrawal (退会, terms article 15; ADR 0020).
-- A withdrawn member cannot log in; the row and its ledger stay (records are never deleted). After the retention
-- period the release job frees the mail address and the verified phone for a new account (released_at).
ALTER TABLE members
  ADD COLUMN withdrawn_at timestamptz,
  ADD COLUMN withdrawal_released_at timestamptz;
CREATE INDEX members_withdrawn_unreleased ON members (withdrawn_at)
  WHERE withdrawn_at IS NOT NULL AND withdrawal_released_at IS NULL;
