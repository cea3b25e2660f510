-- Issue 21 §10 (ADR 0046): what staff are told. An event is one row of staff_events, written once: in the
-- transaction of the write it reports (a pack's last ticket taken in buy_pack_batch; an outbox mail failed for
-- good in the deliver-mail job), or by the watch-staff-events job for states it finds (a parcel held, a bank
-- transfer waiting, an approval waiting) — state_key names the state, so the same state is reported once however
-- often the job looks. Who sees an event follows the role's permissions (core admin/staff-notices.ts), so events
-- are not copied per staff member; staff_notice_reads holds what each has read. mailed_at: the event has been put
-- in the staff's digest mail (the mail-staff-notices job batches a burst into one mail per person).
CREATE TABLE staff_events (
  id bigserial PRIMARY KEY,
  kind text NOT NULL
    CHECK (kind IN ('pack.sold_out', 'mail.failed', 'parcel.held', 'transfer.waiting', 'approval.waiting')),
  subject_id bigint NOT NULL,
  state_key text NOT NULL DEFAULT '',
  -- What the inbox and the mail show beside the kind (a pack's title, a mail's recipient and subject, …).
  detail jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  mailed_at timestamptz
);
CREATE UNIQUE INDEX staff_events_once ON staff_events (kind, subject_id, state_key);
CREATE INDEX staff_events_unmailed ON staff_events (id) WHERE mailed_at IS NULL;
CREATE INDEX staff_events_kind_recent ON staff_events (kind, id DESC);

CREATE TABLE staff_notice_reads (
  staff_id bigint NOT NULL REFERENCES staff (id),
  event_id bigint NOT NULL REFERENCES staff_events (id),
  read_at timestamptz NOT NULL,
  PRIMARY KEY (staff_id, event_id)
);

-- The language of a staff member's mails: the console's language at their last sign-in (ja until then).
ALTER TABLE staff ADD COLUMN lang text NOT NULL DEFAULT 'ja' CHECK (lang IN ('ja', 'en'));
