import { z } from 'zod';
import { idField } from '../validation/fields.ts';

/** The console's drop settings of a pack (issue 22 §1): bounds keep a typo from closing or flooding the sale. */
export const DROP_LIMITS = {
  prequeue_minutes: { min: 1, max: 240 },
  admit_per_minute: { min: 1, max: 100_000 },
  stay_minutes: { min: 1, max: 120 },
} as const;

/** A whole number in [min, max], given as a number or a digit string; anything else is the field's message. */
const wholeIn = (min: number, max: number, key: string) =>
  z
    .union([z.number(), z.string().regex(/^\d{1,9}$/)], { error: key })
    .transform((v) => Number(v))
    .refine((n) => Number.isInteger(n) && n >= min && n <= max, { message: key });

export const dropSettingsSchema = z.object({
  prequeue_minutes: wholeIn(1, DROP_LIMITS.prequeue_minutes.max, 'dropPrequeueInvalid'),
  admit_per_minute: wholeIn(1, DROP_LIMITS.admit_per_minute.max, 'dropRateInvalid'),
  stay_minutes: wholeIn(1, DROP_LIMITS.stay_minutes.max, 'dropStayInvalid'),
});
export type DropSettingsInput = z.infer<typeof dropSettingsSchema>;

/** Joining a drop's queue: the pack and the solved proof-of-work (the ALTCHA payload, base64 JSON). */
export const dropJoinSchema = z.object({
  pack_id: idField,
  altcha: z
    .string({ error: 'dropChallengeInvalid' })
    .min(1, 'dropChallengeInvalid')
    .max(4000, 'dropChallengeInvalid')
    .regex(/^[A-Za-z0-9+/=]+$/, 'dropChallengeInvalid'),
});
