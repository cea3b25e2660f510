-- Rank-up bonuses once per member and rank; a lost rank regained at a month's cost (issue 19 §2, ADR 0035).

-- The highest rank a member ever held: a rise to a rank at or below it is a regain (it needs the month's keep
-- amount and pays no bonus); above it, a first rise on total_buy with its bonus. Code reads GREATEST(rank_peak,
-- rank), so a rank set directly (the sandbox, test factories) counts as held.
ALTER TABLE members ADD COLUMN rank_peak integer NOT NULL DEFAULT 1 CHECK (rank_peak BETWEEN 1 AND 7);
UPDATE members m SET rank_peak = GREATEST(m.rank, COALESCE(
  (SELECT max(e.to_rank) FROM rank_events e WHERE e.member_id = m.id AND e.kind = 'rank_up'), 1));

-- The rank-up bonuses paid: points for ranks 2-6, rank 7's card choice. The key makes a second bonus for the same
-- member and rank impossible, whatever the code does; the bonus's ledger row or card refers to its rank_up event.
CREATE TABLE rank_bonuses_paid (
  member_id bigint NOT NULL REFERENCES members (id),
  rank integer NOT NULL CHECK (rank BETWEEN 2 AND 7),
  rank_event_id bigint NOT NULL UNIQUE REFERENCES rank_events (id),
  PRIMARY KEY (member_id, rank)
);

-- Before this migration every rank_up event paid its bonus, so a member who lost a rank and bought it back was paid
-- twice. The first event per member and rank is the paid one. The later ones stay as they are (records are never
-- deleted): their ledger rows and cards were really granted and stay in the balances; they are simply not in this
-- table, so they never count as the paid bonus. Staff find them with
--   SELECT * FROM rank_events e WHERE kind = 'rank_up' AND bonus_point > 0
--     AND NOT EXISTS (SELECT 1 FROM rank_bonuses_paid p WHERE p.rank_event_id = e.id);
INSERT INTO rank_bonuses_paid (member_id, rank, rank_event_id)
SELECT DISTINCT ON (member_id, to_rank) member_id, to_rank, id
FROM rank_events WHERE kind = 'rank_up' AND to_rank >= 2
ORDER BY member_id, to_rank, id;

-- A rank-7 card only for a paid bonus: with rank_bonuses_paid's key, one card per member from now on. NOT VALID
-- leaves the second cards granted before this migration in place (checked from here on, never retroactively).
ALTER TABLE rank_card_rewards ADD CONSTRAINT rank_card_rewards_paid_bonus
  FOREIGN KEY (rank_event_id) REFERENCES rank_bonuses_paid (rank_event_id) NOT VALID;
