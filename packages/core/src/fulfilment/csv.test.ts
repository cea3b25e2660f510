import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv, spreadsheetSafe, toCsv } from './csv.ts';
import { CLICK_POST_HEADER, clickPostCsv, YAMATO_B2_HEADER, yamatoB2Csv, type ParcelForLabel } from './layouts.ts';
import { parseTrackingCsv } from './tracking-import.ts';
import { normalizeTrackingNumber, trackingUrl } from './carriers.ts';

const parcel: ParcelForLabel = {
  shipmentId: 42,
  zipcode: '1000001',
  prefecture: '東京都',
  shiku: '千代田区',
  address: '千代田1-1',
  building: 'カードビル "3F", 301',
  name: '山田 太郎',
  tel: '09012345678',
  cardCount: 3,
};
const shipper = {
  name: 'オリパ堂',
  zipcode: '1500001',
  address: '東京都渋谷区神宮前1-2-3',
  building: '',
  tel: '0312345678',
  yamatoCustomerCode: '012345678901',
  yamatoFreightCode: '01',
};

describe('csv', () => {
  it('reads back whatever it writes (quotes, commas, newlines, Japanese)', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'あ', ',', '"', '\n', '\r\n', ' ', '1') });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
        // A cell starting with CR comes back defused (below); every other cell as it was.
        expect(parseCsv(toCsv(rows))).toEqual(rows.map((r) => r.map(spreadsheetSafe)));
      }),
    );
  });
});

// Issue 21 §2: every CSV staff can open (carrier files, reports) goes through toCsv, which defuses formulas.
describe('formulas in CSV cells', () => {
  it.each(["=cmd|' /C calc'!A0", '@SUM(1+1)', '+HYPERLINK("http://x")', '-2+3+cmd|x', '\tX', '\r=1', '=', '+a'])(
    'defuses %j with a leading apostrophe',
    (cell) => {
      expect(spreadsheetSafe(cell)).toBe(`'${cell}`);
      expect(parseCsv(toCsv([[cell, 'b']]))[0]![0]).toBe(`'${cell}`);
    },
  );

  it.each(['+81 90-1234-5678', '-1200', '-', '+81(3)1234-5678', '090-1234-5678', '2026/11/24', '山田', 'a=b', ' 1'])(
    'keeps %j: numbers and phone numbers name no function, cell or program',
    (cell) => {
      expect(spreadsheetSafe(cell)).toBe(cell);
      expect(parseCsv(toCsv([[cell]]))[0]![0]).toBe(cell);
    },
  );

  it('never touches numbers, negative ones included', () => {
    expect(spreadsheetSafe(-500)).toBe(-500);
    expect(toCsv([[-500, 3]])).toBe('-500,3\r\n');
  });

  it('fast-check: no cell of any CSV it writes starts a formula, unless it is a plain number', () => {
    const unit = fc.constantFrom('=', '+', '-', '@', '\t', '\r', 'a', '1', ' ', '(', '|', '!', 'あ');
    fc.assert(
      fc.property(fc.array(fc.string({ unit }), { minLength: 1, maxLength: 6 }), (row) => {
        for (const cell of parseCsv(toCsv([row, ['x']]))[0]!) {
          if (/^[=+\-@\t\r]/.test(cell)) expect(cell).toMatch(/^[+-][\d ().-]*$/);
        }
      }),
    );
  });
});

describe('carrier files', () => {
  it('writes the 42 columns of the B2 Cloud layout with our shipment id as お客様管理番号', () => {
    const [header, row] = parseCsv(yamatoB2Csv([parcel], shipper, '2026/11/24', 'compact'));
    expect(header).toEqual([...YAMATO_B2_HEADER]);
    expect(row).toHaveLength(42);
    const at = (name: string) => row![YAMATO_B2_HEADER.indexOf(name as never)];
    expect(at('お客様管理番号')).toBe('42');
    expect(at('送り状種類')).toBe('8');
    expect(at('出荷予定日')).toBe('2026/11/24');
    expect(at('お届け先郵便番号')).toBe('100-0001');
    expect(at('お届け先電話番号')).toBe('090-1234-5678');
    expect(at('お届け先住所')).toBe('東京都千代田区千代田1-1');
    expect(at('お届け先アパートマンション名')).toBe('カードビル "3F", 301');
    expect(at('ご依頼主電話番号')).toBe('03-1234-5678');
    expect(at('請求先顧客コード')).toBe('012345678901');
    expect(at('運賃管理番号')).toBe('01');
    expect(yamatoB2Csv([parcel], shipper, '2026/11/24', 'takkyubin')).toMatch(/\r\n$/);
  });

  it('defuses a formula in a name or address line; phone, postal code and date stay as the carrier reads them', () => {
    const hostile = {
      ...parcel,
      name: '@SUM(1+1)',
      building: "=cmd|' /C calc'!A0",
      address: '-1-2',
      tel: '09012345678',
    };
    const [, row] = parseCsv(yamatoB2Csv([hostile], { ...shipper, tel: '+81-3-1234-5678' }, '2026/11/24', 'compact'));
    const at = (name: string) => row![YAMATO_B2_HEADER.indexOf(name as never)];
    expect(at('お届け先名')).toBe("'@SUM(1+1)");
    expect(at('お届け先アパートマンション名')).toBe("'=cmd|' /C calc'!A0");
    expect(at('お届け先電話番号')).toBe('090-1234-5678');
    expect(at('ご依頼主電話番号')).toBe('+81-3-1234-5678');
    expect(at('お届け先郵便番号')).toBe('100-0001');
    const [, cp] = parseCsv(clickPostCsv([hostile]));
    // '-1-2' alone is a plain number to a spreadsheet (it cannot call anything) and stays as written.
    expect(cp).toEqual([
      '1000001',
      "'@SUM(1+1)",
      '様',
      '東京都千代田区',
      '-1-2',
      "'=cmd|' /C calc'!A0",
      '',
      'トレーディングカード',
    ]);
  });

  it('writes the 8 columns of a click post まとめ申込 file', () => {
    const [header, row] = parseCsv(clickPostCsv([parcel]));
    expect(header).toEqual([...CLICK_POST_HEADER]);
    expect(row).toEqual([
      '1000001',
      '山田 太郎',
      '様',
      '東京都千代田区',
      '千代田1-1',
      'カードビル "3F", 301',
      '',
      'トレーディングカード',
    ]);
  });
});

describe('tracking numbers', () => {
  it('normalises what operators paste and links to the carrier page', () => {
    expect(normalizeTrackingNumber('１２３４-５６７８-９０１２ ')).toBe('123456789012');
    expect(trackingUrl('yamato', '1234-5678-9012')).toContain('number01=123456789012');
    expect(trackingUrl('japanpost', '123456789012')).toContain('reqCodeNo1=123456789012');
  });
});

describe('tracking import file', () => {
  it('reads B2 Cloud issued data: お客様管理番号 and 伝票番号, other columns ignored', () => {
    const r = parseTrackingCsv(
      'お客様管理番号,伝票番号,お届け先名\r\n42,1234-5678-9013,山田\r\n43,400011112222,佐藤\r\n',
      'yamato',
    );
    expect(r).toEqual({
      ok: true,
      lines: [
        { line: 2, shipmentId: 42, carrier: 'yamato', trackingNumber: '123456789013' },
        { line: 3, shipmentId: 43, carrier: 'yamato', trackingNumber: '400011112222' },
      ],
    });
  });

  it('takes a carrier column by name', () => {
    const r = parseTrackingCsv('発送番号,配送業者,問い合わせ番号\n5,日本郵便,123456789013\n', 'yamato');
    expect(r).toMatchObject({ ok: true, lines: [{ carrier: 'japanpost', trackingNumber: '123456789013' }] });
  });

  it.each([
    ['', ['trackingCsvEmpty']],
    ['お客様管理番号,伝票番号\n', ['trackingCsvEmpty']],
    ['id,number\n1,123456789013\n', ['trackingCsvColumns|{"shipment":"お客様管理番号","tracking":"伝票番号"}']],
    ['お客様管理番号,伝票番号\nabc,123456789013\n', ['trackingCsvBadId|{"line":2}']],
    ['お客様管理番号,伝票番号\n1,12345\n', ['trackingCsvBadNumber|{"line":2}']],
    ['お客様管理番号,伝票番号\n1,123456789012\n', ['trackingCsvCheckDigit|{"line":2}']],
    ['お客様管理番号,配送業者,伝票番号\n1,飛脚便,123456789013\n', ['trackingCsvBadCarrier|{"line":2}']],
    [
      'お客様管理番号,伝票番号\n1,123456789013\n2,1234-5678-9013\n',
      ['trackingCsvDuplicateNumber|{"line":3,"other":2}'],
    ],
    [
      'お客様管理番号,伝票番号\n1,123456789013\n1,400011112222\n',
      ['trackingCsvDuplicateShipment|{"line":3,"other":2}'],
    ],
  ])('refuses %j with a message naming the line', (text, errors) => {
    expect(parseTrackingCsv(text, 'yamato')).toMatchObject({ ok: false, errors });
  });

  it('lists every problem of every line, not only the first, and keeps the good lines apart', () => {
    const file = [
      'お客様管理番号,配送業者,伝票番号',
      '1,ヤマト運輸,123456789013',
      'abc,飛脚便,123456789013',
      '3,ヤマト運輸,123456789012',
      '',
      '1,ヤマト運輸,123456789013',
      '5,日本郵便,400011112222',
    ].join('\r\n');
    const r = parseTrackingCsv(file, 'yamato');
    expect(r).toEqual({
      ok: false,
      errors: [
        'trackingCsvBadId|{"line":3}',
        'trackingCsvBadCarrier|{"line":3}',
        'trackingCsvCheckDigit|{"line":4}',
        'trackingCsvDuplicateNumber|{"line":6,"other":2}',
        'trackingCsvDuplicateShipment|{"line":6,"other":2}',
      ],
      lines: [
        { line: 2, shipmentId: 1, carrier: 'yamato', trackingNumber: '123456789013' },
        { line: 7, shipmentId: 5, carrier: 'japanpost', trackingNumber: '400011112222' },
      ],
    });
  });
});
