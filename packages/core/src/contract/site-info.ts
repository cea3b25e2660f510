/**
 * `GET /api/user/site_info`: who runs the shop and how to reach them, for the legal pages (特定商取引法, terms,
 * privacy). The operator comes from configuration; shop name and support hours are business constants
 * (spec section 9: phone support weekdays 10:00-17:00).
 */
export interface SiteOperator {
  name: string;
  nameEn: string;
  representative: string;
  representativeEn: string;
  address: string;
  addressEn: string;
  phone: string;
  email: string;
}

export interface SupportHours {
  /** Phone support runs on weekdays only (not weekends, national holidays or the New Year holidays). */
  days: 'weekdays';
  open: string;
  close: string;
}

export interface SiteInfo {
  shop_name: { ja: string; en: string };
  operator: SiteOperator;
  support_hours: SupportHours;
  /** 古物商許可番号 with its 公安委員会 (a shop setting, issue 21); '' while the owner has not set it. */
  antique_dealer_licence: string;
  /** The spec's external links (shop settings, issue 24), '' while not set (then the link is not shown). */
  links: Record<ExternalLinkKey, string>;
}

/** The spec's external links (company site, column, winner reports, media list, social account), in footer order. */
export const EXTERNAL_LINK_KEYS = ['company_url', 'column_url', 'winners_url', 'media_url', 'social_url'] as const;
export type ExternalLinkKey = (typeof EXTERNAL_LINK_KEYS)[number];

export const SHOP_NAME = { ja: 'キラキラオリパ', en: 'KIRAKIRA ORIPA' } as const;
export const SUPPORT_HOURS: SupportHours = { days: 'weekdays', open: '10:00', close: '17:00' };
