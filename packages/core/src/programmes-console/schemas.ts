import { z } from 'zod';
import { adminMsg as msg } from '../admin/messages.ts';
import { listQuerySchema } from '../admin/validation.ts';
import { windowed } from '../catalogue/content.ts';
import { imageField, intField, rarityField, tokyoTimeField } from '../catalogue/schemas.ts';
import { msg as shopMsg } from '../i18n/messages.ts';
import { flagField, optionalText, requiredText } from '../validation/fields.ts';

/**
 * Forms of the console's programme pages (issue 11): the exchange catalogue, exchange orders, partner sites and SNS
 * campaigns. The console validates with these before sending; the server validates again with the same schemas.
 */

/** The largest stock one exchange card may list (a typo guard). */
export const MAX_EXCHANGE_STOCK = 100_000;

export const exchangeCardInputSchema = z
  .object({
    name_ja: requiredText(100),
    name_en: requiredText(100),
    image_url: imageField,
    rarity: rarityField,
    model_number: optionalText(40),
    price: intField(1, 10_000_000),
    convert_point: intField(0, 10_000_000),
    no_reduction: flagField.optional().default(false),
    stock_total: intField(0, MAX_EXCHANGE_STOCK),
    sort: intField(-9999, 9999).optional().default(0),
  })
  .superRefine((v, ctx) => {
    // Converting must never pay more than the card cost, or exchange-then-convert would mint points.
    if (v.convert_point > v.price) {
      ctx.addIssue({
        code: 'custom',
        path: ['convert_point'],
        message: msg('exchangeConvertOverPrice', { price: v.price }),
      });
    }
  });
export type ExchangeCardInput = z.infer<typeof exchangeCardInputSchema>;

export const EXCHANGE_ORDER_STATUSES = ['pending', 'ship', 'convert'] as const;
export const EXCHANGE_ORDER_SORT_KEYS = ['id', 'created_at'] as const;
export const exchangeOrderQuerySchema = listQuerySchema(EXCHANGE_ORDER_SORT_KEYS, 'id').extend({
  status: z.enum(EXCHANGE_ORDER_STATUSES, { error: 'invalid' }).optional(),
  /** An order id, a member id or part of the card's name. */
  q: z
    .string({ error: 'notString' })
    .trim()
    .max(100, shopMsg('tooLong', { max: 100 }))
    .optional(),
});
export type ExchangeOrderQuery = z.infer<typeof exchangeOrderQuerySchema>;

export const SNS_CODE = /^[A-Za-z0-9_-]{3,30}$/;

export const snsCampaignSchema = z
  .object({
    code: z.string({ error: 'notString' }).trim().regex(SNS_CODE, 'snsCodeFormat'),
    point: intField(1, 100_000),
    follow_url: z
      .string({ error: 'notString' })
      .trim()
      .max(500, shopMsg('tooLong', { max: 500 }))
      .regex(/^https:\/\/[^\s<>"]+$/, 'followUrlFormat'),
    starts_at: tokyoTimeField.optional().default(null),
    ends_at: tokyoTimeField.optional().default(null),
    active: flagField.optional().default(true),
  })
  .superRefine(windowed);
export type SnsCampaignInput = z.infer<typeof snsCampaignSchema>;

/** A campaign named in a path: its code. */
export const snsCodeParams = z.object({ code: z.string({ error: 'notString' }).regex(SNS_CODE, 'snsCodeFormat') });
