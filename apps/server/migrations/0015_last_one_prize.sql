-- The last-one prize (ラストワン賞, issue 10, ADR 0028): the extra card given to whoever draws a pack's final
-- ticket. Named at publication (packs.last_one_card_id, migration 0008) and, from this migration on, copied into
-- the pack's own cards like the lineup, so it is awarded, shown, shipped and converted as a drawn card.

-- The pack's copy of its last-one card. It has no tickets (it is not in the shuffled sequence) and is left out of
-- the lineup, the rank counts and the fairness sequence; its rank is only the badge it shows with.
ALTER TABLE pack_cards ADD COLUMN last_one boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX pack_cards_last_one ON pack_cards (pack_id) WHERE last_one;

-- The award: a drawn card of the purchase that took the final ticket, on ticket number 0, which no draw takes.
-- The (pack_id, ticket_no) key thus lets a pack award it once only, whatever the rush (buy_pack_batch).
ALTER TABLE purchase_cards ADD COLUMN last_one boolean NOT NULL DEFAULT false;
ALTER TABLE purchase_cards ADD CONSTRAINT purchase_cards_last_one_ticket CHECK (last_one = (ticket_no = 0));

-- Packs published before this migration with a last-one card get its copy now, from the card master.
INSERT INTO pack_cards (pack_id, rank, name, name_en, image_url, set_count, model_number, rarity, buy_point,
  no_reduction, card_id, last_one)
SELECT p.id, 'S', c.name_ja, c.name_en, c.image_url, 1, c.model_number, c.rarity, c.buy_point, c.no_reduction, c.id,
  true
FROM packs p JOIN cards c ON c.id = p.last_one_card_id
WHERE NOT EXISTS (SELECT 1 FROM pack_cards k WHERE k.pack_id = p.id AND k.last_one);

-- And such a pack already sold out awards it now to the purchase that took its final ticket (to decide within the
-- usual window from now).
INSERT INTO purchase_cards (purchase_id, pack_id, member_id, ticket_no, pack_card_id, created_at, last_one)
SELECT d.purchase_id, d.pack_id, d.member_id, 0, k.id, now(), true
FROM pack_stock s
JOIN purchase_cards d ON d.pack_id = s.pack_id AND d.ticket_no = s.total
JOIN pack_cards k ON k.pack_id = s.pack_id AND k.last_one
WHERE s.drawn = s.total
ON CONFLICT (pack_id, ticket_no) DO NOTHING;
