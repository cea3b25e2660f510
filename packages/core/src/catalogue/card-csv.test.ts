import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from '../fulfilment/csv.ts';
import { translateAdminMessage } from '../admin/messages.ts';
import {
  CARD_CSV_COLUMNS,
  cardCsvRow,
  importable,
  pictureKey,
  planCardImport,
  type CardCsvValues,
  type CardImportPlan,
} from './card-csv.ts';

const TYPES = [
  { id: 1, name_ja: '月影カード', name_en: 'Moonshade Cards' },
  { id: 7, name_ja: '星霊譚', name_en: 'Starlore Tales' },
];
const HEADER = CARD_CSV_COLUMNS.join(',');
const noMaster = new Map<string, CardCsvValues & { id: number }>();
const plan = (text: string, pictures: string[] = [], master = noMaster) =>
  planCardImport(text, { cardTypes: TYPES, master, pictures });
const errorsOf = (p: CardImportPlan) =>
  p.problems.map((x) => `${x.line ?? '-'}:${x.column ?? '-'}:${translateAdminMessage('en', x.message)}`);

describe('parseCsv (what the card import reads)', () => {
  // Cells as a spreadsheet saves them: quotes, commas, CR/LF inside quotes, Japanese, emoji; never a formula start
  // (toCsv defuses those, tested in fulfilment/csv.test.ts).
  const unit = fc.constantFrom('a', 'Z', '1', 'あ', '星', '霊', 'ー', '・', ',', '"', '\n', '\r\n', ' ', '🂡', '/');
  const cell = fc.string({ unit, maxLength: 12 }).filter((s) => !/^[=+\-@\t\r]/.test(s));

  it('fast-check: reads back any table toCsv writes, with or without a BOM, with CRLF or LF line ends', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 6 }), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        fc.boolean(),
        (rows, bom, lf) => {
          let text = toCsv(rows);
          // An LF-only file (saved on a Mac): only the row ends change, a newline inside quotes is kept as it is.
          if (lf) text = text.replace(/\r\n(?=(?:[^"]*"[^"]*")*[^"]*$)/g, '\n');
          const back = parseCsv((bom ? '\uFEFF' : '') + text);
          // A row of nothing but one empty cell cannot be told from a blank line; the parser drops both.
          expect(back).toEqual(rows.filter((r) => r.length > 1 || r[0] !== ''));
        },
      ),
    );
  });

  it('keeps Japanese text, a doubled quote and a comma inside quotes', () => {
    expect(parseCsv('\uFEFF型番,カード名\r\n"A-1","星の""竜"",改"\r\n')).toEqual([
      ['型番', 'カード名'],
      ['A-1', '星の"竜",改'],
    ]);
  });
});

describe('planCardImport', () => {
  const good = `${HEADER}\r\nST-001,暁の竜,Dawn Dragon,SR,7,1200,0,\r\nST-002,月の狐,Moon Fox,0,星霊譚,300,,\r\n`;

  it('reads a clean file: rarity by code or number, card type by id or name, picture matched by model number', () => {
    const p = plan(good, ['cards/st-001.png', 'ST-002.webp']);
    expect(errorsOf(p)).toEqual([]);
    expect(importable(p)).toBe(true);
    expect(p.rows.map((r) => [r.card.model_number, r.card.rarity, r.card.card_type, r.picture, r.status])).toEqual([
      ['ST-001', 2, 7, 'cards/st-001.png', 'new'],
      ['ST-002', 0, 7, 'ST-002.webp', 'new'],
    ]);
  });

  it('lists every problem of every row with its line and column, in both languages', () => {
    const text = [
      HEADER,
      ',名前,,XR,9,12.5,2,',
      'ST-001,竜,Dragon,1,7,1,0,',
      'st-001,竜2,Dragon 2,1,7,"1,200",0,',
      '=HYPERLINK("x"),@SUM(1),+1,1,7,1,0,',
    ].join('\r\n');
    const p = plan(text, ['ST-001.png', 'ghost.png', 'notes.txt', '__MACOSX/._ST-001.png']);
    expect(importable(p)).toBe(false);
    expect(errorsOf(p)).toEqual([
      '-:picture:"notes.txt" is not an image file (JPEG, PNG, WebP, AVIF or GIF)',
      '2:model_number:This field is required',
      '2:name_en:This field is required',
      '2:rarity:Write the rarity as 0-3 or N, R, SR, UR',
      '2:card_type:There is no card type "9"; write its ID or its name',
      '2:buy_point:Write the conversion points as a whole number from 0 to 10,000,000 (no commas or decimals)',
      '2:no_reduction:Write no_reduction (cannot be converted) as 0 or 1',
      '4:buy_point:Write the conversion points as a whole number from 0 to 10,000,000 (no commas or decimals)',
      '4:model_number:Model number "st-001" is also on line 3 of the file',
      '5:model_number:Cannot start with =, +, - or @ (a spreadsheet would run it as a formula)',
      '5:name_ja:Cannot start with =, +, - or @ (a spreadsheet would run it as a formula)',
      '5:name_en:Cannot start with =, +, - or @ (a spreadsheet would run it as a formula)',
      '-:picture:No row has the model number of picture "ghost.png"',
    ]);
    expect(translateAdminMessage('ja', p.problems[4]!.message)).toBe(
      'カード種別「9」がありません。IDか登録済みの名前で入力してください',
    );
  });

  it('warns (without stopping) about a row with no picture; refuses a model number the master holds otherwise', () => {
    const master = new Map([[pictureKey('ST-002'), { id: 41, ...baseCard('ST-002'), name_ja: '別の名前' }]]);
    const p = plan(good, ['ST-002.png'], master);
    expect(errorsOf(p)).toEqual([
      '2:picture:No picture for model number "ST-001" (the card is registered without one)',
      '3:model_number:Model number "ST-002" is already in the card master (ID 41); edit that card on its own',
    ]);
    expect(p.problems[0]!.warning).toBe(true);
    expect(importable(plan(good, ['ST-001.png', 'ST-002.png']))).toBe(true);
  });

  it('refuses a file without the columns it needs, an empty file and a file of more than 1,000 cards', () => {
    expect(errorsOf(plan('model_number,name_ja\r\nA,B\r\n'))).toEqual([
      '-:-:The header row lacks these columns: name_en, rarity, card_type, buy_point',
    ]);
    expect(errorsOf(plan(`${HEADER}\r\n`))).toEqual(['-:-:The CSV has no header row and card rows']);
    const many = [HEADER, ...Array.from({ length: 1001 }, (_, i) => `M${i},a,b,0,7,1,0,`)].join('\n');
    expect(errorsOf(plan(many))).toEqual(['-:-:At most 1000 cards at a time; split the file']);
  });

  it('accepts Japanese header names', () => {
    const p = plan('型番,カード名,英語名,レアリティ,カード種別,変換ポイント\nX-1,星,Star,UR,Starlore Tales,5\n', [
      'X-1.jpg',
    ]);
    expect(errorsOf(p)).toEqual([]);
    expect(p.rows[0]!.card).toMatchObject({ rarity: 3, card_type: 7, buy_point: 5, no_reduction: false });
  });

  it('fast-check: an exported master imported again changes nothing (every row unchanged, no problem)', () => {
    const name = fc.string({ unit: fc.constantFrom('あ', '星', 'a', 'Z', ',', '"', ' ', '1', '\n'), minLength: 1 });
    const card = fc.record({
      name_ja: name.filter((s) => s.trim() === s && s !== '' && !/^[=+\-@]/.test(s)),
      name_en: name.filter((s) => s.trim() === s && s !== '' && !/^[=+\-@]/.test(s)),
      rarity: fc.constantFrom(0, 1, 2, 3) as fc.Arbitrary<0 | 1 | 2 | 3>,
      card_type: fc.constantFrom(1, 7),
      buy_point: fc.integer({ min: 0, max: 10_000_000 }),
      no_reduction: fc.boolean(),
      image_url: fc.constantFrom('', '/media/img/ab/0123456789abcdef01234567-960.webp', '/demo/cards/a.png'),
    });
    fc.assert(
      fc.property(fc.uniqueArray(card, { minLength: 1, maxLength: 20, selector: (c) => c.name_ja }), (cards) => {
        const master = new Map(
          cards.map((c, i) => {
            const v: CardCsvValues = { ...c, model_number: `SET-${i + 1}` };
            return [pictureKey(v.model_number), { ...v, id: i + 1 }] as const;
          }),
        );
        const file = '\uFEFF' + toCsv([[...CARD_CSV_COLUMNS], ...[...master.values()].map(cardCsvRow)]);
        const p = plan(file, [], master);
        expect(p.problems.filter((x) => !x.warning)).toEqual([]);
        expect(p.rows.every((r) => r.status === 'unchanged')).toBe(true);
        expect(p.rows).toHaveLength(cards.length);
      }),
    );
  });
});

function baseCard(model: string): CardCsvValues {
  return {
    model_number: model,
    name_ja: '月の狐',
    name_en: 'Moon Fox',
    rarity: 0,
    card_type: 7,
    buy_point: 300,
    no_reduction: false,
    image_url: '',
  };
}
