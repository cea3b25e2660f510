-- Fulfilment (issue 10, ADR 0017): a shipment is one parcel per member and address. Cards a member chooses to ship
-- join the member's open ('preparing') shipment to the same address, or open a new one; purchase_cards.shipment_id
-- are its lines. purchase_id stays the purchase whose decision opened it. The console moves a shipment along
-- preparing -> packed -> shipped (and held / returned); every move is a shipment_events row (the member's timeline).
ALTER TABLE shipments DROP CONSTRAINT shipments_status_check;
ALTER TABLE shipments ADD CONSTRAINT shipments_status_check
  CHECK (status IN ('preparing', 'packed', 'shipped', 'held', 'returned'));
-- delivery_code (the spec's name, kept) is the carrier's tracking number; carrier is a key of core CARRIERS.
ALTER TABLE shipments ADD COLUMN carrier text CHECK (carrier IN ('yamato', 'japanpost', 'sagawa'));
ALTER TABLE shipments ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- A tracking number names one parcel of one carrier.
CREATE UNIQUE INDEX shipments_tracking_once ON shipments (carrier, delivery_code) WHERE delivery_code <> '';
CREATE INDEX shipments_queue ON shipments (status, id);
CREATE INDEX shipments_member ON shipments (member_id, id DESC);
CREATE INDEX purchase_cards_shipment ON purchase_cards (shipment_id) WHERE shipment_id IS NOT NULL;

CREATE TABLE shipment_events (
  id bigserial PRIMARY KEY,
  shipment_id bigint NOT NULL REFERENCES shipments (id),
  from_status text,
  to_status text NOT NULL,
  -- The staff member who moved it (null for the member's own decision or a job).
  staff_id bigint,
  carrier text,
  tracking_number text,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shipment_events_shipment ON shipment_events (shipment_id, id);

-- Existing shipments start their timeline where they stand (data move).
INSERT INTO shipment_events (shipment_id, from_status, to_status, created_at)
  SELECT id, NULL, 'preparing', created_at FROM shipments;
INSERT INTO shipment_events (shipment_id, from_status, to_status, tracking_number, created_at)
  SELECT id, 'preparing', 'shipped', NULLIF(delivery_code, ''), COALESCE(shipped_at, created_at)
  FROM shipments WHERE status = 'shipped';
