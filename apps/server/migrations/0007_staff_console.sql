-- Issue 10: the operator console's staff, their sessions and second factor, the audit log, and suspended members.

-- Staff accounts, apart from members. An invited member of staff has no password until the invitation link is
-- used; TOTP is mandatory and set up at the first sign-in (totp_secret is sealed with the server's secret).
CREATE TABLE staff (
  id bigserial PRIMARY KEY,
  mail text NOT NULL,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'operator', 'shipping', 'support')),
  pass_hash text,
  totp_secret text,
  totp_enabled_at timestamptz,
  -- The last TOTP time step accepted: a code is never accepted twice (replay).
  totp_last_step bigint,
  disabled_at timestamptz,
  created_by bigint REFERENCES staff (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX staff_mail_key ON staff (lower(mail));

-- One-time setup links (create-owner, invitations), stored by the hash of their token.
CREATE TABLE staff_invites (
  token_hash text PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff (id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_invites_staff ON staff_invites (staff_id);

-- Recovery codes, each usable once, stored by hash.
CREATE TABLE staff_recovery_codes (
  id bigserial PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff (id),
  code_hash text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_recovery_codes_staff ON staff_recovery_codes (staff_id) WHERE used_at IS NULL;

-- Staff sessions (own cookie, shorter life than a member's). stage 'password' until the second factor is done;
-- pending_totp_secret holds the secret being set up at the first sign-in.
CREATE TABLE staff_sessions (
  id_hash text PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff (id),
  stage text NOT NULL CHECK (stage IN ('password', 'full')),
  pending_totp_secret text,
  expires_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

-- Every staff write: who, when, what, before and after, written in the transaction of the write.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  staff_id bigint REFERENCES staff (id),
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text,
  reason text NOT NULL DEFAULT '',
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_staff ON audit_log (staff_id, created_at DESC);
CREATE INDEX audit_log_action ON audit_log (action, created_at DESC);
CREATE INDEX audit_log_target ON audit_log (target_type, target_id);

-- A suspended member cannot log in or buy (support's console), until reinstated.
ALTER TABLE members ADD COLUMN suspended_at timestamptz;
