-- Member programmes, part 1 (issue 11): SMS verification (ADR 0019).

-- One code sent by SMS. Only its HMAC is kept (a 6-digit code is guessed offline from a plain hash in a second).
-- A member's newest challenge is the one a code is checked against; the rows also count the sends per phone,
-- per member and per client address for the daily limits.
CREATE TABLE sms_challenges (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  -- E.164, e.g. +819012345678.
  tel text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  client_ip text NOT NULL,
  gateway text NOT NULL,
  provider_ref text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_challenges_member ON sms_challenges (member_id, id DESC);
CREATE INDEX sms_challenges_tel ON sms_challenges (tel, created_at);
CREATE INDEX sms_challenges_ip ON sms_challenges (client_ip, created_at);

-- The sandbox's old shortcut copied the registration number (not E.164, the same for every test member) into
-- sms_tel: such rows keep their verification but name no phone, so the one-account rule below can hold.
UPDATE members SET sms_tel = NULL WHERE sms_tel IS NOT NULL AND sms_tel !~ '^\+[1-9][0-9]{6,14}$';

-- One phone number verifies one account (a withdrawn account's number is freed after the retention period).
CREATE UNIQUE INDEX members_sms_tel_key ON members (sms_tel) WHERE sms_tel IS NOT NULL;

-- The 500-point verification bonus: once per member and once per phone number, ever (a number freed by a
-- withdrawal verifies a new account but earns no second bonus).
CREATE TABLE sms_bonus_grants (
  tel text PRIMARY KEY,
  member_id bigint NOT NULL UNIQUE REFERENCES members (id),
  point bigint NOT NULL CHECK (point > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
