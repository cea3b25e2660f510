import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { LEDGER_REASONS, ledgerLabel, tokyoMonthRange, type Lang } from '@oripa/core';
import type { AppContext } from '../../../context.ts';
import { findReportFile, saveReportFile } from '../../../db/queries/report-files.ts';
import { monthlyCsvChunks, monthlyCsvHeader, type MonthlyKind } from './reports.ts';

/**
 * A closed month's point movements never change: ledger rows are records (their id, member, amount, reason and
 * time are fixed, db/functions/refuse_record_change.sql) and are written at the shop clock's time, which only
 * moves forward (ADR 0034). So its CSV is built once, while the first download streams, kept in the shop's storage
 * (ctx.media, under reports/: GET /media serves only image keys) with a row of report_files saying where (migration
 * 0036), and then served as a file with its length and an ETag (ADR 0054). The current month, and one within
 * CLOSE_GRACE_MS of its end, streams as before.
 */

/**
 * How long after a month ends (Tokyo time) its rows may still be arriving: a write takes its time from the clock
 * when it starts and commits later, and a statement is stopped after 10 s (db/database.ts). An hour is ample.
 */
export const CLOSE_GRACE_MS = 3_600_000;

/** A kept file is built in memory from the streamed chunks; a month larger than this streams every time instead. */
const KEEP_AT_MOST_BYTES = 256 * 1024 * 1024;

/** Bumped when the file's layout changes in a way its words do not show (quoting, columns' order or values). */
const LAYOUT = 1;

/**
 * The words that go into a month's file in a language: the header and every reason's name. Kept with the file, so a
 * file written before a wording change is never served after it (the new words build a new file).
 */
export function wordingFingerprint(kind: MonthlyKind, lang: Lang): string {
  const words = [
    String(LAYOUT),
    ...monthlyCsvHeader(kind, lang),
    ...LEDGER_REASONS.map((reason) => ledgerLabel(lang, { reason })),
  ];
  return createHash('sha256').update(words.join('\n')).digest('hex').slice(0, 12);
}

/** Only the points file is kept: the sales file reads payments, whose rows still change after their month. */
export const keepsClosedMonth = (kind: MonthlyKind): kind is 'points' => kind === 'points';

export function isMonthClosed(now: Date, month: string): boolean {
  return now.getTime() >= tokyoMonthRange(month).to.getTime() + CLOSE_GRACE_MS;
}

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/**
 * A download: the stream, or a kept file. A kept file is stored gzipped (a points CSV shrinks about sevenfold: 14 MB
 * to 2 MB at the bench's size), sent as it is to a client that accepts gzip (browsers, fetch) and unpacked for one
 * that does not; `etag` and `bytes` are those of the CSV itself.
 */
export type MonthlyFile =
  | { fileName: string; stored: false; body: Readable }
  | { fileName: string; stored: true; gzipped: Buffer; etag: string; bytes: number };

const gzipped = promisify(gzip);

/** Files being built by a download in this instance: a second download meanwhile streams without keeping a copy. */
const building = new Set<string>();

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * A month's CSV for a download: the kept file of a closed month when there is one; otherwise the stream, which
 * keeps what it sent once it has sent all of it (a build that stops halfway keeps nothing). Two instances that
 * build the same month at once each store a copy and the last one's row stands (the same bytes), so no lock is held
 * across instances for the length of a download. A row whose object is gone (storage lost) is built again.
 */
export async function monthlyFile(
  ctx: AppContext,
  month: string,
  kind: MonthlyKind,
  lang: Lang,
  log: Log,
): Promise<MonthlyFile> {
  const fileName = `${kind}_${month}.csv`;
  const stream = (): MonthlyFile => ({
    fileName,
    stored: false,
    body: Readable.from(monthlyCsvChunks(ctx, month, kind, lang)),
  });
  if (!keepsClosedMonth(kind) || !isMonthClosed(ctx.clock.now(), month)) return stream();
  const id = { month, kind, lang, wording: wordingFingerprint(kind, lang) };
  const row = await findReportFile(ctx.db.pool, id);
  const kept = row ? await ctx.media.get(row.storage_key) : null;
  if (row && kept) return { fileName, stored: true, gzipped: kept.body, etag: row.etag, bytes: row.bytes };
  const flight = `${month}/${kind}/${lang}/${id.wording}`;
  if (building.has(flight)) return stream();
  building.add(flight);
  async function* keeping() {
    const parts: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of monthlyCsvChunks(ctx, month, kind, lang)) {
        size += chunk.length;
        if (size <= KEEP_AT_MOST_BYTES) parts.push(chunk);
        yield chunk;
      }
      if (size <= KEEP_AT_MOST_BYTES) {
        const whole = Buffer.concat(parts, size);
        const storageKey = `reports/${kind}/${month}-${lang}-${randomBytes(8).toString('hex')}.csv.gz`;
        // The download has its bytes already; a copy that cannot be kept only means the next one streams too.
        // Compressed off the event loop (zlib's thread pool), once.
        await gzipped(whole)
          .then((packed) => ctx.media.put(storageKey, packed, 'application/gzip'))
          .then(() =>
            saveReportFile(ctx.db.pool, {
              ...id,
              storageKey,
              etag: etagOf(whole),
              bytes: whole.length,
              builtAt: ctx.clock.now(),
            }),
          )
          .catch((err: unknown) =>
            log.warn({ month, kind, lang, err: (err as Error).message }, 'monthly CSV not kept'),
          );
      }
    } finally {
      building.delete(flight);
    }
  }
  return { fileName, stored: false, body: Readable.from(keeping()) };
}
