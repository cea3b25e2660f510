import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../factories.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

const row = async (id: number) =>
  (await shop.ctx.db.pool.query('SELECT * FROM members WHERE id = $1', [id])).rows[0] as Record<string, unknown>;

describe('POST /api/user/change_password', () => {
  it('needs a login', async () => {
    const res = await shop.client().post('/user/change_password', { pass: 'newpass1', confirmPass: 'newpass1' });
    expect(res.state).toBe(401);
  });

  it('changes the password and ends the other sessions but keeps this one', async () => {
    const m = await buildMember(shop);
    const other = shop.client();
    expect((await other.post('/user/login', { mail: m.mail, pass: m.pass })).state).toBe(200);
    const res = await m.client.post('/user/change_password', { pass: 'changed12', confirmPass: 'changed12' });
    expect(res.state).toBe(200);
    expect((await m.client.get('/user/point')).is_login).toBe('1');
    expect((await other.get('/user/point')).is_login).toBe('0');
    expect((await shop.client().post('/user/login', { mail: m.mail, pass: 'changed12' })).state).toBe(200);
    expect((await shop.client().post('/user/login', { mail: m.mail, pass: m.pass })).state).toBe(400);
  });

  it('refuses a bad or mismatched password per field and keeps the old one', async () => {
    const m = await buildMember(shop);
    const before = (await row(m.id)).pass_hash;
    const bad = await m.client.post('/user/change_password', { pass: 'ab', confirmPass: 'ab' });
    expect(bad.state).toBe(400);
    expect(bad.errors?.pass).toEqual(['パスワードは半角英数字6〜20文字で入力してください']);
    const mismatch = await m.client.post('/user/change_password', { pass: 'abcdef1', confirmPass: 'abcdef2' });
    expect(mismatch.errors?.confirmPass).toEqual(['パスワード（確認）と一致しません']);
    expect((await row(m.id)).pass_hash).toBe(before);
  });
});

describe('POST /api/user/change', () => {
  it('changes name and phone; the middle name only in English', async () => {
    const m = await buildMember(shop);
    const ja = await m.client.post('/user/change', {
      lastName: '佐藤',
      firstName: '次郎',
      middleName: 'X',
      tel: '0312345678',
    });
    expect(ja.state).toBe(200);
    expect(await row(m.id)).toMatchObject({
      last_name: '佐藤',
      first_name: '次郎',
      middle_name: '',
      tel: '0312345678',
    });
    const en = shop.client('en');
    en.setCookie('sid', m.client.cookie('sid')!);
    const res = await en.post('/user/change', {
      lastName: 'Sato',
      firstName: 'Jiro',
      middleName: 'K',
      tel: '0312345678',
    });
    expect(res.state).toBe(200);
    expect(await row(m.id)).toMatchObject({ last_name: 'Sato', middle_name: 'K' });
  });

  it('applies the registration rules per field', async () => {
    const m = await buildMember(shop);
    const res = await m.client.post('/user/change', { lastName: '', firstName: '<i>', tel: '03-1234-5678' });
    expect(res.state).toBe(400);
    expect(res.errors?.lastName).toEqual(['入力してください']);
    expect(res.errors?.firstName).toEqual(['使用できない文字が含まれています']);
    expect(res.errors?.tel?.[0]).toContain('ハイフンなし');
    expect(await row(m.id)).toMatchObject({ last_name: '試験' });
  });

  // Issue 21 §2: a name that a spreadsheet would run as a formula came out raw in the carrier files.
  it("refuses a name starting with = or @, in the member's language", async () => {
    const m = await buildMember(shop);
    const res = await m.client.post('/user/change', { lastName: '@SUM(1+1)', firstName: '=1+1', tel: '0312345678' });
    expect(res.state).toBe(400);
    expect(res.errors?.lastName).toEqual(['先頭に「=」や「@」は使えません']);
    expect(res.errors?.firstName).toEqual(['先頭に「=」や「@」は使えません']);
    const en = shop.client('en');
    en.setCookie('sid', m.client.cookie('sid')!);
    const english = await en.post('/user/change', { lastName: '@SUM(1+1)', firstName: 'Jiro', tel: '0312345678' });
    expect(english.errors?.lastName).toEqual(['Cannot start with "=" or "@"']);
    expect(await row(m.id)).toMatchObject({ last_name: '試験' });
  });
});

describe('POST /api/user/append_address', () => {
  const good = { zipcode: '1000001', pref_id: 13, shiku: '千代田区', address: '千代田1-1', building: '' };

  it('saves the address and answers the updated detail', async () => {
    const m = await buildMember(shop);
    const res = await m.client.post('/user/append_address', { ...good, pref_id: '13', building: 'キラキラ荘 202' });
    expect(res.state).toBe(200);
    expect(res.detail).toMatchObject({
      zipcode: '1000001',
      pref_id: 13,
      pref_name: '東京都',
      building: 'キラキラ荘 202',
    });
    expect(await row(m.id)).toMatchObject({ zipcode: '1000001', pref_id: 13, shiku: '千代田区', address: '千代田1-1' });
  });

  it('needs a login', async () => {
    expect((await shop.client().post('/user/append_address', good)).state).toBe(401);
  });

  it.each([
    ['zipcode', '100-0001', '郵便番号はハイフンなしの7桁の数字で入力してください'],
    ['zipcode', '123456', '郵便番号はハイフンなしの7桁の数字で入力してください'],
    ['zipcode', 1000001, '文字列で入力してください'],
    ['pref_id', 0, '都道府県を選択してください'],
    ['pref_id', 48, '選択できない都道府県です。一覧から選んでください'],
    ['pref_id', 'x', '選択できない都道府県です。一覧から選んでください'],
    ['pref_id', null, '都道府県を選択してください'],
    ['shiku', '', '入力してください'],
    ['shiku', 'あ'.repeat(101), '100文字以内で入力してください'],
    ['address', '  ', '入力してください'],
    ['address', '<script>alert(1)</script>', '使用できない文字が含まれています'],
    ['building', 'x'.repeat(101), '100文字以内で入力してください'],
    ['building', "'; DROP TABLE members;--", '使用できない文字が含まれています'],
    // Issue 21 §2: text a spreadsheet would run as a formula (it reached the carrier files raw).
    ['building', "=cmd|' /C calc'!A0", '先頭に「=」や「@」は使えません'],
    ['address', '@SUM(1+1)', '先頭に「=」や「@」は使えません'],
    ['shiku', ' =1+2', '先頭に「=」や「@」は使えません'],
  ])('refuses %s = %j with its own message', async (field, value, message) => {
    const m = await buildMember(shop);
    const res = await m.client.post('/user/append_address', { ...good, [field]: value });
    expect(res.state).toBe(400);
    expect(res.errors).toEqual({ [field]: [message] });
    expect(await row(m.id)).toMatchObject({ zipcode: null, pref_id: null });
  });

  it('answers in English for an English member and accepts overseas', async () => {
    const m = await buildMember(shop, { lang: 'en' });
    const bad = await m.client.post('/user/append_address', { ...good, zipcode: '' });
    expect(bad.errors?.zipcode).toEqual(['Enter the postal code as 7 digits, without a hyphen']);
    expect((await m.client.post('/user/append_address', { ...good, pref_id: 99 })).state).toBe(200);
  });
});

describe('POST /api/address/zipcode', () => {
  it('finds 1000001 offline', async () => {
    const res = await shop.client().post('/address/zipcode', { zipcode: '1000001' });
    expect(res.state).toBe(200);
    expect(res.list).toEqual([{ prefcode: 13, address1: '東京都', address2: '千代田区', address3: '千代田' }]);
  });

  it('finds a Saitama code', async () => {
    const res = await shop.client().post('/address/zipcode', { zipcode: '3300063' });
    expect((res.list as { prefcode: number }[])[0]?.prefcode).toBe(11);
  });

  it('answers an empty list for an unknown code', async () => {
    const res = await shop.client().post('/address/zipcode', { zipcode: '0000000' });
    expect(res).toMatchObject({ state: 200, list: [] });
  });

  it('refuses a malformed code', async () => {
    const res = await shop.client('en').post('/address/zipcode', { zipcode: '100-0001' });
    expect(res.state).toBe(400);
    expect(res.errors?.zipcode).toEqual(['Enter the postal code as 7 digits, without a hyphen']);
  });
});
