import { Readable } from 'node:stream';
import {
  CARD_CSV_COLUMNS,
  cardCsvRow,
  importable,
  pictureKey,
  planCardImport,
  toCsv,
  type CardCsvValues,
  type CardImportPlan,
} from '@oripa/core/admin';
import { AppError } from '../../../app-error.ts';
import type { AppContext } from '../../../context.ts';
import type { Queryable } from '../../../db/queryable.ts';
import {
  type MediaRow,
  insertMasterCards,
  lockCardImports,
  masterCardsAfter,
  masterCardsWithModel,
} from '../../../db/queries/admin-cards.ts';
import { listAllCardTypes } from '../../../db/queries/admin-content.ts';
import { decodeCsv } from '../fulfilment/tracking-import.ts';
import { withAudit } from '../audit.ts';
import type { StaffIdentity } from '../staff-sessions.ts';
import { storeUpload } from './images.ts';
import type { PictureFile } from './picture-files.ts';

/** The largest card file read (1,000 rows of names and numbers are well under this). */
export const MAX_CARD_CSV_BYTES = 1024 * 1024;

/** Reads a card file (UTF-8 with or without BOM, or Shift_JIS as Excel in Japan saves it); refuses a huge one. */
export function cardCsvText(bytes: Buffer | null): string {
  if (!bytes || bytes.length === 0) throw AppError.validation('csv', 'required', 'missing_file');
  if (bytes.length > MAX_CARD_CSV_BYTES) throw AppError.validation('csv', 'tooLarge', 'too_large');
  return decodeCsv(bytes);
}

/** The plan of a file against the master as it is on `db` (core planCardImport does the checking). */
async function planOn(db: Queryable, text: string, pictures: readonly string[]): Promise<CardImportPlan> {
  const [cardTypes, master] = await Promise.all([listAllCardTypes(db), masterCardsWithModel(db)]);
  return planCardImport(text, {
    cardTypes,
    master: new Map(master.map((c) => [pictureKey(c.model_number), { ...c, id: Number(c.id) }])),
    pictures,
  });
}

/** The preview: every row's problems, before anything is written (the pictures are named, not sent). */
export const previewCardImport = (ctx: AppContext, text: string, pictures: readonly string[]) =>
  planOn(ctx.db.pool, text, pictures);

/**
 * Stores the pictures of an import through the image pipeline (sharp → WebP/AVIF, ctx.media, each upload audited;
 * ADR 0015), before the cards are written: a picture that is not an image is reported by its name, the others
 * are stored. Storing writes no card; an import that is then refused leaves only content-addressed images that a
 * later import of the same files reuses.
 */
export async function storeImportPictures(ctx: AppContext, staff: StaffIdentity, files: readonly PictureFile[]) {
  const stored: { name: string; media: MediaRow }[] = [];
  const problems: { file: string; message: string }[] = [];
  for (const f of files) {
    try {
      const media = await storeUpload(ctx, staff, f.bytes);
      stored.push({ name: f.name, media });
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'validation') throw err;
      problems.push({ file: f.name, message: Object.values(err.fields).flat()[0] ?? 'imageNotImage' });
    }
  }
  return { stored, problems };
}

/**
 * Writes a card file: the plan is made again inside the transaction, under the import lock, against the master as
 * it is then (the preview may be stale); any problem but a warning refuses the whole file. The new rows are added
 * in one statement with their pictures' URLs, with one audit row naming every card added. Rows the master already
 * holds as they are (an exported file imported again) are left alone.
 */
export async function importCards(
  ctx: AppContext,
  staff: StaffIdentity,
  text: string,
  pictureUrls: ReadonlyMap<string, string>,
): Promise<{ created: number; unchanged: number }> {
  const audit = { action: 'card.import' as const, targetType: 'card', targetId: null };
  return withAudit(ctx, staff, audit, async (tx) => {
    await lockCardImports(tx);
    const plan = await planOn(tx, text, [...pictureUrls.keys()]);
    if (!importable(plan)) {
      const first = plan.problems.filter((p) => !p.warning).slice(0, 20);
      throw new AppError(
        'validation',
        { csv: ['cardImportNotClean', ...first.map((p) => p.message)] },
        'import_not_clean',
      );
    }
    const fresh = plan.rows.filter((r) => r.status === 'new');
    const cards = fresh.map((r) => ({
      ...r.card,
      image_url: (r.picture ? pictureUrls.get(r.picture) : undefined) ?? r.card.image_url,
    }));
    const added = cards.length ? await insertMasterCards(tx, cards, ctx.clock.now()) : [];
    const result = { created: added.length, unchanged: plan.rows.length - fresh.length };
    const after = { ...result, cards: added };
    return { before: null, after, result };
  });
}

/** Master cards read and written at a time by the export: the memory a master of any size takes. */
const EXPORT_BATCH = 1000;

/**
 * The card master as a CSV with the import's columns (UTF-8 with BOM, CRLF, formulas defused by core toCsv),
 * streamed a batch at a time read by id, so a master of any size takes the memory of one batch.
 */
export function cardMasterCsv(ctx: AppContext): Readable {
  const bytes = (rows: (string | number)[][]) => Buffer.from(toCsv(rows), 'utf8');
  async function* chunks() {
    yield Buffer.concat([Buffer.from('\uFEFF', 'utf8'), bytes([[...CARD_CSV_COLUMNS]])]);
    for (let after = 0; ;) {
      const batch = await masterCardsAfter(ctx.db.pool, after, EXPORT_BATCH);
      if (batch.length === 0) return;
      yield bytes(batch.map((c) => cardCsvRow(c as CardCsvValues)));
      after = Number(batch.at(-1)!.id);
    }
  }
  return Readable.from(chunks());
}
