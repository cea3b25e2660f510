import { z } from 'zod';
import { PREFECTURES } from '../prefectures.ts';
import { optionalText, requiredText, safeText, zipcodeField } from './fields.ts';

export const ADDRESS_LINE_MAX = 100;

/**
 * A prefecture id as the address form sends it (number or digit string). 0 (the form's "not chosen") and
 * anything outside the JIS list plus 99 (overseas) are refused.
 */
export const prefIdField = z
  .union([z.number(), z.string().regex(/^\d{1,3}$/, 'prefUnknown')], { error: 'prefRequired' })
  .transform((v) => Number(v))
  .superRefine((v, ctx) => {
    if (v === 0) ctx.addIssue({ code: 'custom', message: 'prefRequired' });
    else if (!PREFECTURES.some((p) => p.id === v)) ctx.addIssue({ code: 'custom', message: 'prefUnknown' });
  });

/** `POST /api/user/append_address`: the shipping address kept on the member (spec section 3, address payload). */
export const addressSchema = z.object({
  zipcode: zipcodeField,
  pref_id: prefIdField,
  shiku: safeText(requiredText(ADDRESS_LINE_MAX)),
  address: safeText(requiredText(ADDRESS_LINE_MAX)),
  building: safeText(optionalText(ADDRESS_LINE_MAX)),
});
export type AddressInput = z.infer<typeof addressSchema>;

/** `POST /api/address/zipcode`: 7 digits, no hyphen (spec section 5). */
export const zipcodeLookupSchema = z.object({ zipcode: zipcodeField });
