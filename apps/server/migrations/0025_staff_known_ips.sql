-- Issue 21 §3: the addresses each staff member completed a sign-in from (password and second factor), as
-- login_known_ips keeps them for members (ADR 0010). A mail attacked from many addresses, or an address spraying
-- many mails, is locked only for addresses its owner never signed in from: nobody can lock an owner out of the
-- console from the outside.
CREATE TABLE staff_known_ips (
  staff_id bigint NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  ip text NOT NULL,
  last_login_at timestamptz NOT NULL,
  PRIMARY KEY (staff_id, ip)
);
