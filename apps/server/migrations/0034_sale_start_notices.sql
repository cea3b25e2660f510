-- Knowing the drop has started (issue 22 §4, ADR 0051): a member asks to be told when a pack's sale starts; the
-- notify-sale-start job turns each request into one outbox row (a Web Push per subscribed device, or a mail) once
-- the shop clock passes the start, in batches. Neither table is read or locked by the purchase path.
CREATE TABLE sale_start_requests (
  member_id bigint NOT NULL REFERENCES members (id),
  pack_id bigint NOT NULL REFERENCES packs (id),
  created_at timestamptz NOT NULL,
  -- Set in the transaction that queues the notice: a request is answered once, however many runners.
  notified_at timestamptz,
  PRIMARY KEY (member_id, pack_id)
);
CREATE INDEX sale_start_requests_pending ON sale_start_requests (pack_id) WHERE notified_at IS NULL;

-- A browser's Web Push subscription (PushSubscription.toJSON()); the endpoint names the device, so one row each.
CREATE TABLE push_subscriptions (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX push_subscriptions_member ON push_subscriptions (member_id);

-- Pushes go through the outbox like mails (ADR 0012): recipient is the subscription's id, body the payload.
ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_channel_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_channel_check CHECK (channel IN ('mail', 'sms', 'push'));
