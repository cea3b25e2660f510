import { z } from 'zod';
import {
  CARRIER_IDS,
  COMBINI_CODES,
  LEGACY_COMBINI_CODES,
  PAY_IDS,
  RETIRED_PAY_IDS,
  type CombiniCode,
  type PayId,
} from '../contract/payments.ts';
import { msg } from '../i18n/messages.ts';
import { idField } from './fields.ts';

/** Card form limits of spec section 5. */
export const CARD_LIMITS = { number: 20, month: 2, year: 2, cvc: 4, name: 20 } as const;
export const COUPON_CODE_MAX = 20;

/** Zero-pads a month or year typed as "1" to "01" (spec section 5). */
export const padTwo = (v: string) => (/^\d$/.test(v.trim()) ? `0${v.trim()}` : v.trim());

/** Luhn checksum over a digit string. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Full-width katakana with the long-vowel mark, middle dot and spaces: how Japanese banks spell holders. */
export const KATAKANA_NAME = /^[\u30A1-\u30F6\u30FC\u30FB\u3000 ]+$/u;

const text = (max: number) => z.string({ error: 'notString' }).trim().max(max, msg('tooLong', { max }));

/** The card-input form (client side; its values go to the card-token call, never to our server). */
export const cardFormSchema = z.object({
  card_number: text(CARD_LIMITS.number)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{14,19}$/.test(v) && luhnValid(v), 'cardNumberInvalid'),
  expire_month: text(CARD_LIMITS.month)
    .transform(padTwo)
    .refine((v) => /^(0[1-9]|1[0-2])$/.test(v), 'cardExpireInvalid'),
  expire_year: text(CARD_LIMITS.year)
    .transform(padTwo)
    .refine((v) => /^\d{2}$/.test(v), 'cardExpireInvalid'),
  security_code: text(CARD_LIMITS.cvc).refine((v) => /^\d{3,4}$/.test(v), 'cardCvcInvalid'),
  cardholder_name: text(CARD_LIMITS.name).refine((v) => /^[A-Za-z][A-Za-z .'-]*$/.test(v), 'cardNameInvalid'),
});
export type CardFormInput = z.infer<typeof cardFormSchema>;

/** What the sandbox card-token endpoint accepts (shape only; the endpoint answers the spec's error codes). */
export const cardTokenRequestSchema = z.object({
  card_number: z.string().max(40),
  card_expire: z.string().max(10),
  security_code: z.string().max(10),
  cardholder_name: z.string().max(60),
});

// A retired id (LINE Pay, ADR 0041) gets its own reply: the method existed and is gone, not mistyped.
const payIdField = z
  .union([z.number(), z.string().regex(/^\d{1,2}$/)], { error: 'payIdInvalid' })
  .transform((v) => Number(v))
  .refine((v) => !RETIRED_PAY_IDS.includes(v), { message: 'payIdRetired', abort: true })
  .refine((v): v is PayId => (PAY_IDS as readonly number[]).includes(v), 'payIdInvalid');

/** A chain code, or an old client's store group read as its chain (LEGACY_COMBINI_CODES). */
const combiniCodeField = z
  .enum([...COMBINI_CODES, ...(Object.keys(LEGACY_COMBINI_CODES) as [string, ...string[]])], {
    error: 'combiniCodeInvalid',
  })
  .transform((v): CombiniCode => LEGACY_COMBINI_CODES[v] ?? (v as CombiniCode));

const cardToken = z
  .string({ error: 'notString' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,120}$/, 'cardTokenInvalid');
const maskedNumber = z
  .string({ error: 'notString' })
  .trim()
  .max(CARD_LIMITS.number + 10, msg('tooLong', { max: CARD_LIMITS.number }));
const cardUserName = text(CARD_LIMITS.name);

export const katakanaNameField = z
  .string({ error: 'notString' })
  .trim()
  .min(1, 'bankNameRequired')
  .max(30, msg('tooLong', { max: 30 }))
  .refine((v) => KATAKANA_NAME.test(v), 'bankNameKatakana');

/**
 * POST /api/user/point/buy. One object with the method fields optional, then a per-method check, so each
 * missing or malformed field gets its own message.
 */
export const pointBuySchema = z
  .object({
    point_price_id: idField,
    pay_id: payIdField,
    pack_id: idField.optional(),
    card_index: idField.optional(),
    token: cardToken.optional(),
    req_card_number: maskedNumber.optional(),
    card_user_name: cardUserName.optional(),
    save_card: z.union([z.enum(['0', '1']), z.boolean()]).optional(),
    combini_code: combiniCodeField.optional(),
    name: z.string({ error: 'notString' }).optional(),
    carrier_id: z.enum(CARRIER_IDS, { error: 'carrierInvalid' }).optional(),
    checkout_session_id: z
      .string({ error: 'notString' })
      .regex(/^[A-Za-z0-9_-]{8,120}$/, 'checkoutSessionInvalid')
      .optional(),
    paymentDate: z.string().max(40).optional(),
  })
  .superRefine((v, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.pay_id === 1 || v.pay_id === 7) {
      if (v.card_index === undefined && v.token === undefined) need('token', 'cardTokenInvalid');
    }
    if (v.pay_id === 2 && v.combini_code === undefined) need('combini_code', 'combiniCodeInvalid');
    if (v.pay_id === 6 && v.carrier_id === undefined) need('carrier_id', 'carrierInvalid');
    if (v.pay_id === 4) {
      const r = katakanaNameField.safeParse(v.name ?? '');
      if (!r.success) need('name', r.error.issues[0]!.message);
    }
  })
  .transform((v) => ({ ...v, name: v.pay_id === 4 ? (v.name ?? '').trim() : undefined }));
export type PointBuyInput = z.infer<typeof pointBuySchema>;

export const savedCardSchema = z.object({
  pay_id: payIdField.optional(),
  token: cardToken,
  req_card_number: maskedNumber.optional(),
  card_user_name: cardUserName.optional(),
});
export const deleteCardSchema = z.object({ card_index: idField });

/** POST /api/user/point/append {token}: the payment's public id. */
export const pointAppendSchema = z.object({
  token: z.string({ error: 'notString' }).regex(/^pay_[A-Za-z0-9_-]{16,64}$/, 'paymentNotFound'),
});

export const couponUseSchema = z.object({
  couponCode: z
    .string({ error: 'notString' })
    .trim()
    .min(1, 'couponRequired')
    .max(COUPON_CODE_MAX, msg('tooLong', { max: COUPON_CODE_MAX })),
});

/** Admin / seed side: a course must stay inside the purchase range. */
export const pointCourseSchema = z.object({
  point: z.number().int().min(300, 'pointOutOfRange').max(50_000, 'pointOutOfRange'),
  price: z.number().int().min(1).max(50_000),
  memo: z.string().max(200).default(''),
});
