import { maybeOne, type Queryable } from '../queryable.ts';

/** A kept monthly file (migration 0036): the storage object that holds it, its ETag and its length. */
export interface ReportFileRow {
  storage_key: string;
  etag: string;
  bytes: number;
}

export interface ReportFileId {
  month: string;
  kind: 'points';
  lang: 'ja' | 'en';
  wording: string;
}

export const findReportFile = (db: Queryable, f: ReportFileId) =>
  maybeOne<ReportFileRow>(
    db,
    `SELECT storage_key, etag, bytes FROM report_files WHERE month = $1 AND kind = $2 AND lang = $3 AND wording = $4`,
    [f.month, f.kind, f.lang, f.wording],
  );

/** Records a kept file; two instances that built the same month at once both stored the same bytes: the last wins. */
export async function saveReportFile(
  db: Queryable,
  f: ReportFileId & { storageKey: string; etag: string; bytes: number; builtAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO report_files (month, kind, lang, wording, storage_key, etag, bytes, built_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (month, kind, lang, wording) DO UPDATE
       SET storage_key = EXCLUDED.storage_key, etag = EXCLUDED.etag, bytes = EXCLUDED.bytes, built_at = EXCLUDED.built_at`,
    [f.month, f.kind, f.lang, f.wording, f.storageKey, f.etag, f.bytes, f.builtAt],
  );
}
