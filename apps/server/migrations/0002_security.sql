-- Issue 12 (security findings).

-- Addresses each member has logged in from (ADR 0010): an address locked for spraying many accounts still lets
-- in the accounts it is known for, so a shared address cannot lock its own members out.
CREATE TABLE login_known_ips (
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  ip text NOT NULL,
  last_login_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, ip)
);

-- Mail verification (issue 12 A9): when the member proved they receive mail at their address. A token is mailed
-- at registration (stored by its hash, for the address it was sent to); using it sets mail_verified_at, unless
-- the member's address changed since.
ALTER TABLE members ADD COLUMN mail_verified_at timestamptz;

CREATE TABLE mail_verifications (
  token_hash text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  mail text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_verifications_member ON mail_verifications (member_id);
