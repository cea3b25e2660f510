import { describe, expect, it } from 'vitest';
import { translateMessage } from '../i18n/messages.ts';
import { addressSchema } from './address.ts';
import { profileChangeSchema } from './profile.ts';
import { fieldErrorsFromZod } from './zod-errors.ts';

const address = { zipcode: '1000001', pref_id: 13, shiku: '千代田区', address: '千代田1-1', building: '' };
const errorsOf = (r: { success: boolean; error?: unknown }) =>
  r.success ? {} : fieldErrorsFromZod(r.error as Parameters<typeof fieldErrorsFromZod>[0]);

// Issue 21 §2: a member saved `=cmd|' /C calc'!A0` as a building line and `@SUM(1+1)` as a name; both reached the
// carrier CSVs raw. A name or an address line never starts with = or @, so the storefront refuses them.
describe('text a spreadsheet would run as a formula', () => {
  it.each([
    ['building', "=cmd|' /C calc'!A0"],
    ['address', '@SUM(1+1)'],
    ['shiku', '  =1+2'],
  ])('refuses an address %s of %j', (field, value) => {
    const errors = errorsOf(addressSchema.safeParse({ ...address, [field]: value }));
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]).toEqual(['formulaStart']);
  });

  it('refuses names starting with = or @, says why in both languages', () => {
    const errors = errorsOf(
      profileChangeSchema.safeParse({ lastName: '@SUM(1+1)', firstName: '=A1', middleName: '', tel: '0312345678' }),
    );
    expect(errors).toEqual({ lastName: ['formulaStart'], firstName: ['formulaStart'] });
    expect(translateMessage('ja', 'formulaStart')).toBe('先頭に「=」や「@」は使えません');
    expect(translateMessage('en', 'formulaStart')).toBe('Cannot start with "=" or "@"');
  });

  it('keeps what real names and addresses look like, = or @ inside included', () => {
    expect(addressSchema.safeParse({ ...address, building: 'メゾン@渋谷 101', address: '1-2-3' }).success).toBe(true);
    expect(addressSchema.safeParse({ ...address, building: '-', address: '+α 1-2' }).success).toBe(true);
    const names = { lastName: 'Tanaka=Smith', firstName: 'A@B', middleName: '', tel: '0312345678' };
    expect(profileChangeSchema.safeParse(names).success).toBe(true);
  });
});
