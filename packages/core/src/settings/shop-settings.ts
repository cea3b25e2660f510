import { z } from 'zod';

/** Full-width digits as people type them in Japanese input, made half-width. */
const halfWidthDigits = (s: string) => s.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));

/** Text a setting may hold: no angle brackets or control characters (it is shown on public pages). */
const PLAIN_TEXT = /^[^<>\p{Cc}]*$/u;

/**
 * 古物商許可番号: card exchange and partner transfer buy cards from members and a third party, which the
 * 古物営業法 licenses. The number is 12 digits and is written with the 公安委員会 that issued it
 * ("東京都公安委員会 第301012345678号"); empty means not set, and then nothing is shown.
 */
const antiqueDealerLicence = z
  .string({ error: 'notString' })
  .transform((s) => halfWidthDigits(s.trim()))
  .pipe(
    z
      .string()
      .max(80, 'settingTooLong')
      .regex(PLAIN_TEXT, 'settingPlainText')
      .refine((s) => s === '' || /(^|\D)\d{12}(\D|$)/.test(s), 'antiqueDealerLicenceNumber'),
  );

/**
 * A link the storefront opens in a new tab (issue 24: the spec's company site, column, winner reports, media list and
 * social account): https only, no credentials or spaces, at most 300 characters; empty hides the link.
 */
const externalUrl = z
  .string({ error: 'notString' })
  .trim()
  .max(300, 'settingUrlTooLong')
  .refine((s) => {
    if (s === '') return true;
    if (/\s|[<>"]/.test(s)) return false;
    try {
      const u = new URL(s);
      return u.protocol === 'https:' && !u.username && !u.password && u.hostname.includes('.');
    } catch {
      return false;
    }
  }, 'settingUrl');

/**
 * The shop's settings an owner changes in the console (the `settings` table: key → text). Each key's schema is
 * here, so the server and the console validate alike; adding a setting is one entry (and its labels in the
 * console's settings.json, and its place on the pages that show it). `public`: the storefront may read it
 * (site_info).
 */
export const SHOP_SETTINGS = {
  antique_dealer_licence: { schema: antiqueDealerLicence, public: true },
  company_url: { schema: externalUrl, public: true },
  column_url: { schema: externalUrl, public: true },
  winners_url: { schema: externalUrl, public: true },
  media_url: { schema: externalUrl, public: true },
  social_url: { schema: externalUrl, public: true },
} as const;

export type ShopSettingKey = keyof typeof SHOP_SETTINGS;
export const SHOP_SETTING_KEYS = Object.keys(SHOP_SETTINGS) as ShopSettingKey[];
export type ShopSettings = Record<ShopSettingKey, string>;

/** A save: any of the settings, each validated by its own schema; an unknown key or none at all is refused. */
export const shopSettingsSchema = z
  .object({
    antique_dealer_licence: SHOP_SETTINGS.antique_dealer_licence.schema.optional(),
    company_url: externalUrl.optional(),
    column_url: externalUrl.optional(),
    winners_url: externalUrl.optional(),
    media_url: externalUrl.optional(),
    social_url: externalUrl.optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'required', path: ['general'] });
export type ShopSettingsInput = z.infer<typeof shopSettingsSchema>;

/** The settings every visitor may read, from all of them. */
export function publicShopSettings(all: ShopSettings): Partial<ShopSettings> {
  return Object.fromEntries(SHOP_SETTING_KEYS.filter((k) => SHOP_SETTINGS[k].public).map((k) => [k, all[k]]));
}
