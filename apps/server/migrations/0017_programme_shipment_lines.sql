-- Exchanged cards and rank 7's reward card are shipment lines too (ADR 0027). Like purchase_cards.shipment_id, a
-- shipment_id on each source names the parcel the card travels in; the fulfilment queries read the three sources
-- as one list of lines (db/queries/shipment-lines.ts). A parcel opened by one of these has no purchase.
ALTER TABLE shipments ALTER COLUMN purchase_id DROP NOT NULL;

ALTER TABLE exchange_orders ADD COLUMN shipment_id bigint REFERENCES shipments (id);
CREATE INDEX exchange_orders_shipment ON exchange_orders (shipment_id) WHERE shipment_id IS NOT NULL;

ALTER TABLE rank_card_rewards ADD COLUMN shipment_id bigint REFERENCES shipments (id);
CREATE INDEX rank_card_rewards_shipment ON rank_card_rewards (shipment_id) WHERE shipment_id IS NOT NULL;

-- Data move: exchanged cards already chosen to ship (before this migration they were never a parcel) open one
-- parcel per member and address snapshot, with the first timeline event.
WITH parcels AS (
  INSERT INTO shipments (member_id, purchase_id, address, created_at, updated_at)
  SELECT member_id, NULL, address, min(decided_at), min(decided_at)
  FROM exchange_orders WHERE status = 'ship' AND shipment_id IS NULL AND address IS NOT NULL
  GROUP BY member_id, address
  RETURNING id, member_id, address, created_at
), lines AS (
  UPDATE exchange_orders o SET shipment_id = p.id FROM parcels p
  WHERE o.status = 'ship' AND o.shipment_id IS NULL AND o.member_id = p.member_id AND o.address = p.address
)
INSERT INTO shipment_events (shipment_id, from_status, to_status, created_at)
SELECT id, NULL, 'preparing', created_at FROM parcels;

-- Rank rewards chosen to ship kept no address snapshot: they take the member's address as it stands now.
WITH chosen AS (
  SELECT r.id AS reward_id, r.member_id, r.decided_at,
    jsonb_build_object('zipcode', m.zipcode, 'pref_id', m.pref_id, 'shiku', m.shiku, 'address', m.address,
      'building', coalesce(m.building, ''), 'name', m.last_name || ' ' || m.first_name, 'tel', m.tel) AS address
  FROM rank_card_rewards r JOIN members m ON m.id = r.member_id
  WHERE r.status = 'shipping' AND r.shipment_id IS NULL
), parcels AS (
  INSERT INTO shipments (member_id, purchase_id, address, created_at, updated_at)
  SELECT member_id, NULL, address, coalesce(min(decided_at), now()), coalesce(min(decided_at), now())
  FROM chosen GROUP BY member_id, address
  RETURNING id, member_id, address, created_at
), lines AS (
  UPDATE rank_card_rewards r SET shipment_id = p.id FROM chosen c JOIN parcels p
    ON p.member_id = c.member_id AND p.address = c.address
  WHERE r.id = c.reward_id
)
INSERT INTO shipment_events (shipment_id, from_status, to_status, created_at)
SELECT id, NULL, 'preparing', created_at FROM parcels;
