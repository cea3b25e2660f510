import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * The number a member typed, as E.164 (+819012345678), or why not. ADR 0019: SMS verification takes Japanese
 * mobile numbers only (070/080/090, written nationally, with hyphens or spaces, full-width, or as +81); a
 * landline, a toll-free or IP number and a foreign number cannot verify, whatever their format.
 */
export function normaliseMobileTel(
  typed: string,
): { ok: true; tel: string } | { ok: false; reason: 'format' | 'not_mobile' } {
  const p = parsePhoneNumberFromString(typed, 'JP');
  if (!p || !p.isValid()) return { ok: false, reason: 'format' };
  if (p.country !== 'JP' || p.getType() !== 'MOBILE') return { ok: false, reason: 'not_mobile' };
  return { ok: true, tel: p.number };
}
