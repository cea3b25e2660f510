import { z } from 'zod';
import { adminMsg as msg } from '../admin/messages.ts';
import { RANK_ORDER } from '../contract/packs.ts';
import { flagField, idField, optionalText, requiredText } from '../validation/fields.ts';
import { parseTokyo } from '../time.ts';
import { lineupProblemMessage, lineupProblems, MAX_PACK_TICKETS } from './lineup.ts';

/**
 * Forms of the catalogue console (issue 10): the card master, pack drafts, the texts of a published pack. The
 * console validates with these before sending; the server validates again with the same schemas.
 */

/** An image the shop serves itself: an upload (/media/…) or a bundled demo file (/demo/…). */
export const IMAGE_PATH = /^\/(media|demo)\/(?!.*\.\.)[A-Za-z0-9._/-]{1,200}$/;
export const imageField = z.string({ error: 'notString' }).regex(IMAGE_PATH, 'imagePath');

/** An integer in a range, given as a number or a digit string (HTML forms send text). */
export const intField = (min: number, max: number) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d{1,12}$/, 'integer'),
      ],
      { error: 'integer' },
    )
    .transform((v) => Number(v))
    .refine((v) => Number.isSafeInteger(v), { message: 'integer' })
    .refine((v) => v >= min && v <= max, { message: msg('intRange', { min, max }) });

/**
 * A Tokyo time as the wire writes it (`YYYY-MM-DD HH:mm:ss`) or as a datetime-local input gives it
 * (`YYYY-MM-DDTHH:mm`); empty is null.
 */
export const tokyoTimeField = z.union([z.string(), z.null()], { error: 'dateFormat' }).transform((v, ctx) => {
  const text = (v ?? '').trim();
  if (text === '') return null;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?$/.exec(text);
  const date = m ? parseTokyo(`${m[1]} ${m[2]}${m[3] ?? ':00'}`) : null;
  if (!date || Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'dateFormat' });
    return z.NEVER;
  }
  return date;
});

export const rarityField = intField(0, 3) as unknown as z.ZodType<0 | 1 | 2 | 3>;

export const cardInputSchema = z.object({
  card_type: intField(1, 1000),
  name_ja: requiredText(100),
  name_en: requiredText(100),
  rarity: rarityField,
  model_number: optionalText(40),
  buy_point: intField(0, 10_000_000),
  no_reduction: flagField.optional().default(false),
  image_url: z
    .union([z.literal(''), imageField])
    .optional()
    .default(''),
});
export type CardInput = z.infer<typeof cardInputSchema>;

export const lineupEntrySchema = z.object({
  card_id: idField,
  rank: z.enum(RANK_ORDER as unknown as ['S', 'A', 'B', 'C'], { error: 'invalid' }),
  count: intField(1, MAX_PACK_TICKETS),
});

const drafted = {
  card_type: intField(1, 1000),
  name_ja: optionalText(100),
  name_en: optionalText(100),
  detail_ja: optionalText(2000),
  detail_en: optionalText(2000),
  images: z
    .array(imageField, { error: 'invalid' })
    .max(10, msg('tooMany', { max: 10 }))
    .default([]),
  point: intField(0, 1_000_000),
  payment_method: z.enum(['1', '2'], { error: 'invalid' }).default('1'),
  max_buy_count: intField(0, 100_000).default(0),
  rank_limit: intField(0, 7).default(0),
  sms_only: flagField.optional().default(false),
  show_cardlist: flagField.optional().default(true),
  start_date: tokyoTimeField.optional().default(null),
  end_date: tokyoTimeField.optional().default(null),
  total_tickets: intField(0, MAX_PACK_TICKETS),
  lineup: z
    .array(lineupEntrySchema, { error: 'invalid' })
    .max(500, msg('tooMany', { max: 500 }))
    .default([]),
  last_one_card_id: z
    .union([idField, z.null(), z.literal('')])
    .optional()
    .default(null),
  sort: intField(-100_000, 100_000).default(0),
};

/**
 * A draft: every field may still be empty, but what is there must be sound — the sale window in order and a
 * lineup (once started) whose counts add up to the declared total of tickets.
 */
export const packDraftSchema = z.object(drafted).superRefine((d, ctx) => {
  if (d.start_date && d.end_date && d.start_date.getTime() >= d.end_date.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'endBeforeStart' });
  }
  const problems = lineupProblems(d.lineup, d.total_tickets);
  if (d.lineup.length > 0) {
    for (const p of problems) ctx.addIssue({ code: 'custom', path: ['lineup'], message: lineupProblemMessage(p) });
  }
});
export type PackDraftInput = z.infer<typeof packDraftSchema>;

/** After publication only the words and pictures of a pack may change (the lineup and counts are frozen). */
export const packTextsSchema = z.object({
  name_ja: requiredText(100),
  name_en: requiredText(100),
  detail_ja: optionalText(2000),
  detail_en: optionalText(2000),
  images: z
    .array(imageField, { error: 'invalid' })
    .min(1, 'publishNoImages')
    .max(10, msg('tooMany', { max: 10 })),
  sort: intField(-100_000, 100_000).optional(),
});
export type PackTextsInput = z.infer<typeof packTextsSchema>;

/** Fields a published pack keeps; sending any other (or a changed one) is refused as frozen. */
export const FROZEN_AFTER_PUBLISH = [
  'lineup',
  'total_tickets',
  'last_one_card_id',
  'point',
  'payment_method',
  'card_type',
] as const;

export type PublishProblem = { field: string; message: string };

/**
 * What stops a draft from being published, beyond its schema: names in both languages, a price, at least one
 * image, a sale start, an end after the start and not already past, a lineup that adds up, every lineup card with
 * an image. `cards` is the master's view of the lineup's cards (id → has an image).
 */
export function publishProblems(
  d: PackDraftInput,
  cards: ReadonlyMap<number, { image_url: string }>,
  now: Date,
): PublishProblem[] {
  const out: PublishProblem[] = [];
  const add = (field: string, message: string) => out.push({ field, message });
  if (!d.name_ja) add('name_ja', 'required');
  if (!d.name_en) add('name_en', 'required');
  if (d.point < 1) add('point', 'publishNoPrice');
  if (d.images.length === 0) add('images', 'publishNoImages');
  if (!d.start_date) add('start_date', 'publishNoStart');
  if (d.start_date && d.end_date && d.start_date.getTime() >= d.end_date.getTime()) add('end_date', 'endBeforeStart');
  if (d.end_date && d.end_date.getTime() <= now.getTime()) add('end_date', 'endInPast');
  for (const p of lineupProblems(d.lineup, d.total_tickets, new Set(cards.keys()))) {
    add('lineup', lineupProblemMessage(p));
  }
  const noImage = d.lineup.filter((e) => cards.has(e.card_id) && !cards.get(e.card_id)!.image_url);
  if (noImage.length) add('lineup', msg('cardNoImage', { card_id: noImage[0]!.card_id }));
  const lastOne = Number(d.last_one_card_id || 0);
  if (lastOne && !cards.has(lastOne)) add('last_one_card_id', msg('lineupUnknownCard', { card_id: lastOne }));
  return out;
}

/** At most this many pictures go with one card file (a zip's entries count alike). */
export const CARD_IMPORT_MAX_PICTURES = 1000;
const pictureName = z
  .string({ error: 'notString' })
  .min(1, 'required')
  .max(300, msg('tooLong', { max: 300 }));

/** The preview of a card import: the file (multipart `csv`) and, in the `json` field, the names of the pictures that go with it. */
export const cardImportPreviewSchema = z.object({
  pictures: z
    .array(pictureName, { error: 'invalid' })
    .max(CARD_IMPORT_MAX_PICTURES, msg('tooMany', { max: CARD_IMPORT_MAX_PICTURES }))
    .optional()
    .default([]),
});

/** The import itself: the file (multipart `csv`) and each stored picture's URL by its file name. */
export const cardImportSchema = z.object({
  pictures: z
    .record(pictureName, imageField, { error: 'invalid' })
    .refine((m) => Object.keys(m).length <= CARD_IMPORT_MAX_PICTURES, {
      message: msg('tooMany', { max: CARD_IMPORT_MAX_PICTURES }),
    })
    .optional()
    .default({}),
});
