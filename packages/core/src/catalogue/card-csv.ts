import { parseCsv } from '../fulfilment/csv.ts';
import { adminMsg as msg } from '../admin/messages.ts';
import { IMAGE_PATH } from './schemas.ts';

/**
 * The card master as a CSV file, both ways (issue 21 §5): the export writes these columns (through toCsv) and the
 * import reads them, so an exported file imported again changes nothing. Pure: the server hands in what the master
 * and the card types hold, and the names of the pictures that come with the file.
 */
export const CARD_CSV_COLUMNS = [
  'model_number',
  'name_ja',
  'name_en',
  'rarity',
  'card_type',
  'buy_point',
  'no_reduction',
  'image_url',
] as const;
export type CardCsvColumn = (typeof CARD_CSV_COLUMNS)[number];

/** Other names a header may give a column (a sheet typed by hand in Japanese). */
const COLUMN_ALIASES: Record<CardCsvColumn, readonly string[]> = {
  model_number: ['型番'],
  name_ja: ['カード名', 'カード名（日本語）'],
  name_en: ['英語名', 'カード名（英語）'],
  rarity: ['レアリティ'],
  card_type: ['カード種別', 'ゲーム'],
  buy_point: ['変換ポイント', '価値', 'value'],
  no_reduction: ['ポイント変換不可', '変換不可'],
  image_url: ['画像', '画像url'],
};
const OPTIONAL_COLUMNS: readonly CardCsvColumn[] = ['no_reduction', 'image_url'];

/** A file holds at most this many cards (a set is 100-300); more is refused before any row is read. */
export const CARD_IMPORT_MAX_ROWS = 1000;
/** Names a rarity may be written as, besides 0-3 (index = the stored rarity). */
export const RARITY_CODES = ['N', 'R', 'SR', 'UR'] as const;
const RARITY_WORDS = ['normal', 'rare', 'superrare', 'ultrarare'];
/** The picture formats accepted by name (the server judges the bytes again, ADR 0015). */
const PICTURE_EXT = /\.(jpe?g|png|webp|avif|gif)$/i;
/** A spreadsheet runs a cell starting with these; imported text must not carry one into the master (or a CSV). */
const FORMULA_START = /^[=+\-@\t\r]/;

export interface CardTypeRef {
  id: number;
  name_ja: string;
  name_en: string;
}

/** A master card as the import compares it (and the export writes it). */
export interface CardCsvValues {
  model_number: string;
  name_ja: string;
  name_en: string;
  rarity: 0 | 1 | 2 | 3;
  card_type: number;
  buy_point: number;
  no_reduction: boolean;
  image_url: string;
}

/** One problem: a message reference, the 1-based line of the file (the header is 1) and the column, when known. */
export interface CardImportProblem {
  line: number | null;
  column: CardCsvColumn | 'picture' | null;
  message: string;
  /** A warning is shown but does not stop the import (a card may be registered without a picture). */
  warning?: true;
}

export interface CardImportRow {
  line: number;
  card: CardCsvValues;
  /** The picture file that goes with the row (its image_url is filled in once the picture is stored). */
  picture: string | null;
  /** `unchanged`: the master already holds this very card (an exported file imported again). */
  status: 'new' | 'unchanged';
}

export interface CardImportPlan {
  /** The card rows the file holds (the header not counted), with or without problems. */
  lines: number;
  /** The rows without problems. */
  rows: CardImportRow[];
  problems: CardImportProblem[];
}

/** Whether the plan may be written: no problem but warnings. */
export const importable = (plan: CardImportPlan) => plan.problems.every((p) => p.warning);

/** The row of a master card as the export writes it. */
export const cardCsvRow = (c: CardCsvValues): (string | number)[] => [
  c.model_number,
  c.name_ja,
  c.name_en,
  c.rarity,
  c.card_type,
  c.buy_point,
  c.no_reduction ? 1 : 0,
  c.image_url,
];

/**
 * How a picture finds its row: its file name without folder and extension equals the model number, ignoring case,
 * full/half width, and the characters a file name cannot hold (`SV-001/100` ↔ `SV-001_100.png`).
 */
export function pictureKey(name: string): string {
  return name
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .replace(/[/\\:*?"<>|\s]/g, '_');
}
const baseName = (path: string) => path.split(/[/\\]/).pop() ?? path;
const stem = (path: string) => baseName(path).replace(/\.[^.]*$/, '');
/** Files a zip or a folder carries that are no one's picture (macOS resource forks, Finder and Windows files). */
export const isJunkFile = (path: string) =>
  /(^|[/\\])__MACOSX[/\\]/.test(path) || baseName(path).startsWith('.') || /^thumbs\.db$/i.test(baseName(path));

function columnIndex(header: string[]): Record<CardCsvColumn, number> {
  const norm = header.map((h) => h.normalize('NFKC').trim().toLowerCase());
  const find = (c: CardCsvColumn) =>
    norm.findIndex((h) => h === c || COLUMN_ALIASES[c].some((a) => a.normalize('NFKC').toLowerCase() === h));
  return Object.fromEntries(CARD_CSV_COLUMNS.map((c) => [c, find(c)])) as Record<CardCsvColumn, number>;
}

function readRarity(text: string): 0 | 1 | 2 | 3 | null {
  const t = text
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');
  if (/^[0-3]$/.test(t)) return Number(t) as 0 | 1 | 2 | 3;
  const i = RARITY_CODES.findIndex((c) => c.toLowerCase() === t);
  const j = i >= 0 ? i : RARITY_WORDS.indexOf(t);
  return j >= 0 ? (j as 0 | 1 | 2 | 3) : null;
}

function readCardType(text: string, types: readonly CardTypeRef[]): number | null {
  const t = text.normalize('NFKC').trim();
  if (/^\d{1,4}$/.test(t)) return types.some((ct) => ct.id === Number(t)) ? Number(t) : null;
  const lower = t.toLowerCase();
  return types.find((ct) => ct.name_ja === t || ct.name_en.toLowerCase() === lower)?.id ?? null;
}

function readFlag(text: string): boolean | null {
  const t = text.trim().toLowerCase();
  if (['', '0', 'false', 'no'].includes(t)) return false;
  if (['1', 'true', 'yes'].includes(t)) return true;
  return null;
}

const same = (a: CardCsvValues, b: CardCsvValues) => CARD_CSV_COLUMNS.every((c) => a[c] === b[c]);

/**
 * Reads a card file and checks every row against the master before anything is written: each problem with its line
 * and column (a missing field, a bad rarity, an unknown card type, a value that is not a whole number, a model number
 * twice in the file or already in the master with other values, formula text, a picture with no row, a row with no
 * picture). A row the master already holds as it is (an exported file) is `unchanged`, not a problem.
 */
export function planCardImport(
  text: string,
  known: {
    cardTypes: readonly CardTypeRef[];
    /** The master's cards by pictureKey(model number). */
    master: ReadonlyMap<string, CardCsvValues & { id: number }>;
    /** File names of the pictures sent with the file (a zip's entries or the chosen files). */
    pictures: readonly string[];
  },
): CardImportPlan {
  const problems: CardImportProblem[] = [];
  const table = parseCsv(text);
  const fileProblem = (message: string): CardImportPlan => ({
    lines: Math.max(0, table.length - 1),
    rows: [],
    problems: [{ line: null, column: null, message }],
  });
  if (table.length < 2) return fileProblem(msg('cardCsvEmpty'));
  if (table.length - 1 > CARD_IMPORT_MAX_ROWS) return fileProblem(msg('cardCsvTooMany', { max: CARD_IMPORT_MAX_ROWS }));
  const col = columnIndex(table[0]!);
  const missing = CARD_CSV_COLUMNS.filter((c) => col[c] < 0 && !OPTIONAL_COLUMNS.includes(c));
  if (missing.length) return fileProblem(msg('cardCsvColumns', { columns: missing.join(', ') }));

  const pictures = new Map<string, string>();
  for (const name of known.pictures) {
    if (isJunkFile(name)) continue;
    if (!PICTURE_EXT.test(name)) {
      problems.push({ line: null, column: 'picture', message: msg('cardPictureNotImage', { file: baseName(name) }) });
      continue;
    }
    const key = pictureKey(stem(name));
    const other = pictures.get(key);
    if (other) {
      problems.push({
        line: null,
        column: 'picture',
        message: msg('cardPictureTwice', { file: baseName(name), other: baseName(other) }),
      });
    } else pictures.set(key, name);
  }

  const rows: CardImportRow[] = [];
  const seen = new Map<string, number>();
  const used = new Set<string>();
  table.slice(1).forEach((r, i) => {
    const line = i + 2;
    const before = problems.length;
    const add = (column: CardCsvColumn, message: string) => problems.push({ line, column, message });
    const cell = (c: CardCsvColumn) => (col[c] >= 0 ? (r[col[c]] ?? '') : '').trim();
    const text = (c: 'model_number' | 'name_ja' | 'name_en', max: number) => {
      const v = cell(c);
      if (v === '') add(c, 'required');
      else if (v.length > max) add(c, msg('tooLong', { max }));
      else if (FORMULA_START.test(v)) add(c, 'cardCsvFormula');
      return v;
    };
    const model = text('model_number', 40);
    const nameJa = text('name_ja', 100);
    const nameEn = text('name_en', 100);
    const rarity = readRarity(cell('rarity'));
    if (rarity === null) add('rarity', cell('rarity') === '' ? 'required' : 'cardCsvRarity');
    const typeText = cell('card_type');
    const cardType = typeText === '' ? null : readCardType(typeText, known.cardTypes);
    if (cardType === null) add('card_type', typeText === '' ? 'required' : msg('cardCsvCardType', { value: typeText }));
    const valueText = cell('buy_point').normalize('NFKC');
    const value = /^\d{1,8}$/.test(valueText) ? Number(valueText) : null;
    if (valueText === '') add('buy_point', 'required');
    else if (value === null || value > 10_000_000) add('buy_point', msg('cardCsvValue', { max: '10,000,000' }));
    const flag = readFlag(cell('no_reduction'));
    if (flag === null) add('no_reduction', 'cardCsvFlag');
    const imageUrl = cell('image_url');
    if (imageUrl !== '' && !IMAGE_PATH.test(imageUrl)) add('image_url', 'imagePath');

    if (model !== '') {
      const first = seen.get(pictureKey(model));
      if (first) add('model_number', msg('cardCsvModelTwice', { model, other: first }));
      else seen.set(pictureKey(model), line);
    }
    const picture = model === '' ? undefined : pictures.get(pictureKey(model));
    if (picture) used.add(picture);
    if (problems.length > before) return;
    const card: CardCsvValues = {
      model_number: model,
      name_ja: nameJa,
      name_en: nameEn,
      rarity: rarity!,
      card_type: cardType!,
      buy_point: value!,
      no_reduction: flag!,
      image_url: imageUrl,
    };
    const existing = known.master.get(pictureKey(model));
    if (existing && (picture || !same(existing, card))) {
      add('model_number', msg('cardCsvModelTaken', { model, id: existing.id }));
      return;
    }
    if (!existing && !picture && imageUrl === '') {
      problems.push({ line, column: 'picture', message: msg('cardPictureMissing', { model }), warning: true });
    }
    rows.push({ line, card, picture: picture ?? null, status: existing ? 'unchanged' : 'new' });
  });
  for (const name of pictures.values()) {
    if (!used.has(name)) {
      problems.push({ line: null, column: 'picture', message: msg('cardPictureNoRow', { file: baseName(name) }) });
    }
  }
  return { lines: table.length - 1, rows, problems };
}
