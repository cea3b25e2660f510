-- Buying now waits for a confirmed mail address (issue 12 A9: packs/sale-eligibility.ts, buy_pack_batch). Every
-- member made before this migration runs predates the verification mail (pre-launch: test and demo accounts only),
-- so they count as verified since they registered instead of being locked out of buying.
UPDATE members SET mail_verified_at = created_at WHERE mail_verified_at IS NULL;
