import { z } from 'zod';
import { optionalText, requiredText, safeText, telField } from './fields.ts';

/**
 * `POST /api/user/change`: the name and phone of the profile, with the registration rules. middleName is only
 * kept in the English mode (the server drops it in Japanese, like registration).
 */
export const profileChangeSchema = z.object({
  lastName: safeText(requiredText(50)),
  middleName: safeText(optionalText(50)),
  firstName: safeText(requiredText(50)),
  tel: telField,
});
export type ProfileChangeInput = z.infer<typeof profileChangeSchema>;
