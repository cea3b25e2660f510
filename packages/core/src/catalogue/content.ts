import { z } from 'zod';
import { adminMsg as msg } from '../admin/messages.ts';
import { msg as shopMsg } from '../i18n/messages.ts';
import { COUPON_CODE_MAX } from '../validation/payment.ts';
import { flagField, optionalText, requiredText } from '../validation/fields.ts';
import { imageField, intField, tokyoTimeField } from './schemas.ts';

/**
 * Forms of the console's content pages (issue 10): banners, community posts, card types, point courses, coupons.
 * The server validates with the same schemas.
 */

/** A link a banner opens: a path of the shop or an https address. */
const linkField = z
  .string({ error: 'notString' })
  .trim()
  .max(500, shopMsg('tooLong', { max: 500 }))
  .refine((v) => v === '' || /^\/[^\s]*$/.test(v) || /^https:\/\/[^\s]+$/.test(v), { message: 'linkFormat' });

/** A window whose end must come after its start (banners, coupons, the console's SNS campaigns). */
export const windowed = <T extends { starts_at: Date | null; ends_at: Date | null }>(v: T, ctx: z.RefinementCtx) => {
  if (v.starts_at && v.ends_at && v.starts_at.getTime() >= v.ends_at.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'endBeforeStart' });
  }
};

export const bannerSchema = z
  .object({
    file_name: imageField,
    /** The English version's image; '' (none) shows the Japanese one on English pages. */
    file_name_en: z
      .union([z.literal(''), imageField])
      .optional()
      .default(''),
    link_url: linkField.optional().default(''),
    alt: optionalText(200),
    alt_en: optionalText(200),
    /** The picture has no words: the page prints alt (alt_en in English) over it as its caption. */
    caption: flagField.optional().default(false),
    sort: intField(-100_000, 100_000).optional().default(0),
    active: flagField.optional().default(true),
    starts_at: tokyoTimeField.optional().default(null),
    ends_at: tokyoTimeField.optional().default(null),
  })
  .superRefine(windowed);
export type BannerInput = z.infer<typeof bannerSchema>;

export const bannerModeSchema = z.object({ mode: z.enum(['0', '1'], { error: 'invalid' }) });

const imageList = z
  .array(imageField, { error: 'invalid' })
  .max(10, msg('tooMany', { max: 10 }))
  .default([]);

export const postSchema = z.object({
  title: requiredText(200),
  last_name: requiredText(50),
  first_name: requiredText(50),
  content: requiredText(5000),
  images: imageList,
  /** The English version: each part left empty falls back to the Japanese one on English pages. */
  title_en: optionalText(200),
  content_en: optionalText(5000),
  images_en: imageList,
  published_at: tokyoTimeField.optional().default(null),
});
export type PostInput = z.infer<typeof postSchema>;

export const cardTypeSchema = z.object({
  id: intField(1, 1000),
  name_ja: requiredText(100),
  name_en: requiredText(100),
  coming_soon: flagField.optional().default(false),
  /** Left out: a new type goes after the others (0 would put it on the storefront's first tab), an existing keeps its place. */
  sort: intField(-100_000, 100_000).optional(),
});
export type CardTypeInput = z.infer<typeof cardTypeSchema>;

/** Spec section 9: a purchase is 300 to 50,000 points; the price is yen (1 point = 1 yen, a course may discount). */
export const pointCourseSchema = z.object({
  /** 'coin': a coin course (issue 11's coins are bought through the same courses and payments). */
  currency: z.enum(['point', 'coin'], { error: 'invalid' }).optional().default('point'),
  point: intField(300, 50_000),
  price: intField(1, 50_000),
  memo: optionalText(200),
  memo_en: optionalText(200),
  sort: intField(-100_000, 100_000).optional().default(0),
  active: flagField.optional().default(true),
});
export type PointCourseInput = z.infer<typeof pointCourseSchema>;

/** The code a member types (COUPON_CODE_MAX is the storefront's one limit of it). */
export const COUPON_CODE = new RegExp(`^[A-Za-z0-9-]{3,${COUPON_CODE_MAX}}$`);

/**
 * A coupon: a code (3–20 letters, digits, hyphens), free points now ('points') or a bonus percentage on the next
 * course purchase ('bonus'), an optional window, an optional total of uses and a per-member limit.
 */
export const couponSchema = z
  .object({
    code: z.string({ error: 'notString' }).trim().regex(COUPON_CODE, 'couponCodeFormat'),
    kind: z.enum(['points', 'bonus'], { error: 'invalid' }),
    point: intField(0, 1_000_000).optional().default(0),
    bonus_percent: intField(0, 100).optional().default(0),
    starts_at: tokyoTimeField.optional().default(null),
    ends_at: tokyoTimeField.optional().default(null),
    max_uses: z
      .union([intField(1, 10_000_000), z.literal(''), z.null()])
      .optional()
      .default(null),
    per_member_limit: intField(1, 1000).optional().default(1),
    memo: optionalText(200),
  })
  .superRefine((v, ctx) => {
    windowed(v, ctx);
    if (v.kind === 'points' && v.point < 1)
      ctx.addIssue({ code: 'custom', path: ['point'], message: 'couponNoPoints' });
    if (v.kind === 'bonus' && v.bonus_percent < 1) {
      ctx.addIssue({ code: 'custom', path: ['bonus_percent'], message: 'couponNoBonus' });
    }
  });
export type CouponInput = z.infer<typeof couponSchema>;
