/**
 * The columns a ledger row's label is built from (core ledgerLabel): `subject`, the named thing behind the row's
 * reference in the reader's language; `subject_rank`, a rank row's rank; `subject_count`, a pack purchase's
 * draws. Correlated sub-selects on primary keys, for the one page of rows a history shows. `lang` is the
 * placeholder ('$5') of the reader's language; the rows are aliased `l`.
 */
export const ledgerSubjectColumns = (lang: string) => `
  CASE
    WHEN l.ref_type = 'purchase' THEN (SELECT CASE WHEN ${lang} = 'en' THEN pk.name_en ELSE pk.name_ja END
      FROM purchases pu JOIN packs pk ON pk.id = pu.pack_id WHERE pu.id = l.ref_id)
    WHEN l.ref_type = 'exchange_order' THEN (SELECT CASE WHEN ${lang} = 'en' THEN c.name_en ELSE c.name END
      FROM exchange_orders o JOIN exchange_cards c ON c.id = o.exchange_card_id WHERE o.id = l.ref_id)
    WHEN l.ref_type = 'rank_card_reward' THEN (SELECT CASE WHEN ${lang} = 'en' THEN coalesce(nullif(k.name_en, ''), k.name)
      ELSE k.name END FROM rank_card_rewards r JOIN pack_cards k ON k.id::text = r.card_key WHERE r.id = l.ref_id)
    WHEN l.ref_type = 'partner_transfer' THEN (SELECT CASE WHEN ${lang} = 'en' THEN s.name_en ELSE s.name END
      FROM partner_transfers t JOIN partner_sites s ON s.id = t.site_id WHERE t.id = l.ref_id)
    WHEN l.ref_type = 'coupon_use' THEN (SELECT upper(c.code)
      FROM coupon_uses u JOIN coupons c ON c.id = u.coupon_id WHERE u.id = l.ref_id)
    -- A coupon's bonus on a purchase points at the payment, which names the coupon use it applied.
    WHEN l.reason = 'coupon_bonus' AND l.ref_type = 'payment' THEN (SELECT upper(c.code)
      FROM payments p JOIN coupon_uses u ON u.id = p.coupon_use_id JOIN coupons c ON c.id = u.coupon_id
      WHERE p.id = l.ref_id)
    -- An SNS campaign is known by its code, written as the memo (the claim has no id to refer to).
    WHEN l.reason = 'sns_campaign' THEN nullif(upper(l.memo), '')
  END AS subject,
  (SELECT e.to_rank FROM rank_events e WHERE l.ref_type = 'rank_event' AND e.id = l.ref_id) AS subject_rank,
  (SELECT pu.count FROM purchases pu WHERE l.ref_type = 'purchase' AND pu.id = l.ref_id) AS subject_count`;

/** The subject columns as read. */
export interface LedgerSubjectRow {
  reason: string;
  memo: string;
  subject: string | null;
  subject_rank: number | null;
  subject_count: number | null;
}
