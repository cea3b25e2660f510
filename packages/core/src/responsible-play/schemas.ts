import { z } from 'zod';
import { flagField } from '../validation/fields.ts';
import { OLDEST_BIRTH_YEAR } from './age.ts';
import { COOL_OFF_CHOICES, MAX_OWN_LIMIT, type CoolOffPeriod } from './limits.ts';

/** A whole number given as a number or a digit string (form posts send text). */
const wholeNumber = (key: string, min: number, max: number) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,9}$/, key),
      ],
      { error: key },
    )
    .transform((v) => Number(v))
    .refine((v) => Number.isSafeInteger(v) && v >= min && v <= max, { message: key });

/** POST /api/user/spending_limits/birth_month: asked once, at the first purchase (issue 19 §2). */
export const birthMonthSchema = z.object({
  birth_year: wholeNumber('birthMonthInvalid', OLDEST_BIRTH_YEAR, 2999),
  birth_month: wholeNumber('birthMonthInvalid', 1, 12),
  guardian_consent: flagField.optional().default(false),
});
export type BirthMonthInput = z.infer<typeof birthMonthSchema>;

/** POST /api/user/spending_limits/monthly_limit: yen per JST month; '' removes the member's own limit. */
export const monthlyLimitSchema = z.object({
  monthly_limit: z.union([z.literal('').transform(() => null), wholeNumber('monthlyLimitInvalid', 0, MAX_OWN_LIMIT)], {
    error: 'monthlyLimitInvalid',
  }),
});
export type MonthlyLimitInput = z.infer<typeof monthlyLimitSchema>;

/** POST /api/user/spending_limits/cool_off: one of the offered periods. */
export const coolOffSchema = z.object({
  period: z.enum(COOL_OFF_CHOICES as [CoolOffPeriod, ...CoolOffPeriod[]], { error: 'coolOffInvalid' }),
});
export type CoolOffInput = z.infer<typeof coolOffSchema>;
