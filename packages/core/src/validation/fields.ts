import { z } from 'zod';
import { msg } from '../i18n/messages.ts';

/** Anything a request may carry as text is capped; 10,000+ characters is never a real value here. */
export const MAX_TEXT = 2000;

/** A required text field, trimmed, with a length cap. */
export const requiredText = (max: number) =>
  z.string({ error: 'notString' }).trim().min(1, 'required').max(max, msg('tooLong', { max }));

export const optionalText = (max: number) =>
  z.string({ error: 'notString' }).trim().max(max, msg('tooLong', { max })).optional().default('');

// Markup, statement separators and control characters have no place in a person's name or an address line.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this rejects
const UNSAFE_TEXT = /[<>;"`{}\\\u0000-\u001f\u007f]/;
// A name or an address line never starts with = or @; a spreadsheet would run such text as a formula when staff
// open a carrier file or report (issue 21 §2; the CSVs defuse it too, core fulfilment/csv.ts spreadsheetSafe).
// + and - are left to the CSV side: an address line may start with a number's sign ("-" for "none").
const FORMULA_START = /^[=@]/;
export const safeText = <T extends z.ZodType<string>>(schema: T) =>
  schema
    .refine((v) => !UNSAFE_TEXT.test(v), { message: 'nameFormat' })
    .refine((v) => !FORMULA_START.test(v), { message: 'formulaStart' });

export const mailField = z
  .string({ error: 'notString' })
  .trim()
  .min(1, 'required')
  .max(254, msg('tooLong', { max: 254 }))
  .pipe(z.email({ error: 'mailFormat' }));

/** Registration password rule: 6–20 half-width alphanumerics. */
export const PASSWORD_PATTERN = /^[A-Za-z0-9]{6,20}$/;
export const passwordField = z.string({ error: 'notString' }).min(1, 'required').regex(PASSWORD_PATTERN, 'passFormat');

export const telField = z
  .string({ error: 'notString' })
  .trim()
  .min(1, 'required')
  .regex(/^0\d{9,10}$|^\d{10,15}$/, 'telDigits');

export const zipcodeField = z.string({ error: 'notString' }).regex(/^\d{7}$/, 'zipFormat');

/** A flag the spec sends as '0'/'1' (also accepts a boolean or number from lenient clients). */
export const flagField = z
  .union([z.enum(['0', '1']), z.boolean(), z.literal(0), z.literal(1)], { error: 'invalid' })
  .transform((v) => v === '1' || v === true || v === 1);

/** A positive database id, given as a number or a digit string. */
export const idField = z
  .union([z.number(), z.string().regex(/^\d{1,15}$/, 'invalid')], { error: 'invalid' })
  .transform((v) => Number(v))
  .refine((v) => Number.isSafeInteger(v) && v > 0, { message: 'invalid' });
