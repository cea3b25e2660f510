import { describe, expect, it } from 'vitest';
import { publicShopSettings, SHOP_SETTING_KEYS, shopSettingsSchema } from './shop-settings.ts';

const parse = (v: unknown) => shopSettingsSchema.safeParse(v);
const errorOf = (v: unknown) => {
  const r = parse(v);
  return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('shop settings', () => {
  it('takes a 古物商許可番号 with its 公安委員会, full-width digits made half-width, or empty to unset', () => {
    expect(parse({ antique_dealer_licence: ' 東京都公安委員会 第３０１０１２３４５６７８号 ' })).toMatchObject({
      success: true,
      data: { antique_dealer_licence: '東京都公安委員会 第301012345678号' },
    });
    expect(parse({ antique_dealer_licence: '' })).toMatchObject({
      success: true,
      data: { antique_dealer_licence: '' },
    });
  });

  it('refuses a number that is not 12 digits, markup, a long text, a non-string and an unknown key', () => {
    expect(errorOf({ antique_dealer_licence: '東京都公安委員会 第12345号' })).toEqual([
      'antique_dealer_licence:antiqueDealerLicenceNumber',
    ]);
    expect(errorOf({ antique_dealer_licence: '<b>301012345678</b>' })).toEqual([
      'antique_dealer_licence:settingPlainText',
    ]);
    expect(errorOf({ antique_dealer_licence: `${'東'.repeat(70)} 301012345678` })).toEqual([
      'antique_dealer_licence:settingTooLong',
    ]);
    expect(errorOf({ antique_dealer_licence: 301012345678 })).toEqual(['antique_dealer_licence:notString']);
    expect(errorOf({ site_colour: 'red' })?.[0]).toMatch(/^:/);
    expect(errorOf({})).toEqual(['general:required']);
  });

  it('lets the storefront read only the public settings', () => {
    expect(SHOP_SETTING_KEYS).toContain('antique_dealer_licence');
    const links = { company_url: '', column_url: '', winners_url: '', media_url: '', social_url: '' };
    expect(publicShopSettings({ antique_dealer_licence: '東京都公安委員会 第301012345678号', ...links })).toEqual({
      antique_dealer_licence: '東京都公安委員会 第301012345678号',
      ...links,
    });
  });

  it('takes an external link only as an https URL without credentials, or empty to hide it (issue 24)', () => {
    expect(errorOf({ social_url: 'https://social.example/kirakira' })).toBeNull();
    expect(errorOf({ company_url: '' })).toBeNull();
    for (const bad of [
      'http://company.example/',
      'javascript:alert(1)',
      'https://user:pass@company.example/',
      'https://company.example/<script>',
      'https://localhost/',
      'company.example',
    ]) {
      expect(errorOf({ company_url: bad }), bad).toEqual(['company_url:settingUrl']);
    }
    expect(errorOf({ media_url: `https://media.example/${'a'.repeat(300)}` })).toEqual(['media_url:settingUrlTooLong']);
  });
});
