import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CLOSE_GRACE_MS, isMonthClosed, monthlyFile } from '../../src/services/admin/operations/closed-month-files.ts';
import { monthlyCsvChunks } from '../../src/services/admin/operations/reports.ts';
import { buildMember } from '../factories.ts';
import { startTestShop, useShop } from '../test-shop.ts';
import { staffClient } from './staff-fixtures.ts';

// A closed month's points CSV is built once and then served as a kept file (issue 21, ADR 0054).
const t = useShop(async () => {
  const shop = await startTestShop();
  return { shop, owner: await staffClient(shop, 'owner') };
});

const silent = { warn: () => undefined };
/** The kept file of a month in a language, as report_files records it, or null. */
const keptRow = async (month: string, lang = 'ja', kind = 'points') =>
  (
    await t.shop.ctx.db.pool.query<{ storage_key: string; etag: string; bytes: string }>(
      'SELECT storage_key, etag, bytes FROM report_files WHERE month = $1 AND lang = $2 AND kind = $3',
      [month, lang, kind],
    )
  ).rows[0] ?? null;
const tokyoMonth = (d: Date) => new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 7);
const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(`${m === 12 ? y + 1 : y}-${String((m % 12) + 1).padStart(2, '0')}-01T00:00:00+09:00`);
};

/** What the streamed build gives for a month, byte for byte. */
async function streamed(month: string, lang: 'ja' | 'en'): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of monthlyCsvChunks(t.shop.ctx, month, 'points', lang)) parts.push(chunk);
  return Buffer.concat(parts);
}

/**
 * `count` point rows of one member spread over [from, until), memos that need quoting or defusing among them, and
 * more than one batch (5,000 rows) so the kept file is built from several chunks.
 */
async function ledgerRows(from: Date, until: Date, count: number) {
  const m = await buildMember(t.shop);
  await t.shop.ctx.db.pool.query(
    `INSERT INTO ledger_entries (member_id, currency, amount, balance_after, reason, ref_type, ref_id, memo, created_at)
     SELECT $1, 'point', g + 1, g + 1, CASE WHEN g % 3 = 0 THEN 'admin_grant' ELSE 'test' END,
       CASE WHEN g % 2 = 0 THEN 'purchase' END, CASE WHEN g % 2 = 0 THEN g END,
       CASE g % 4 WHEN 0 THEN '=SUM(1+1)' WHEN 1 THEN 'comma, "quoted"' ELSE '' END,
       $2::timestamptz + ($3::timestamptz - $2::timestamptz) * (g::float8 / $4)
     FROM generate_series(0, $4 - 1) g`,
    [m.id, from, until, count],
  );
}

describe('a closed month of point movements', () => {
  it('is built while the first download streams, then served as a kept file with its length and an ETag', async () => {
    // July 2025 closed long ago (the test clock starts at the real time).
    await ledgerRows(new Date('2025-07-01T00:00:00+09:00'), new Date('2025-08-01T00:00:00+09:00'), 6200);
    const path = '/api/admin/operations/export?month=2025-07&kind=points';
    expect(await keptRow('2025-07')).toBeNull();

    const first = await t.owner.raw(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBeNull();
    expect(first.headers.get('cache-control')).toBe('no-store');
    const firstBytes = Buffer.from(await first.arrayBuffer());
    expect(firstBytes.toString('utf8').split('\r\n')).toHaveLength(6200 + 2);
    const kept = await keptRow('2025-07');
    expect(Number(kept!.bytes)).toBe(firstBytes.length);
    expect(kept!.storage_key).toMatch(/^reports\/points\/2025-07-ja-[0-9a-f]{16}\.csv\.gz$/);
    const object = (await t.shop.ctx.media.get(kept!.storage_key))!.body;
    expect(gunzipSync(object).equals(firstBytes)).toBe(true);
    expect(object.length).toBeLessThan(firstBytes.length / 3);

    // fetch accepts gzip (as browsers do): the kept file goes as it is stored, under the gzip form's own ETag.
    const second = await t.owner.raw(path);
    expect(second.status).toBe(200);
    const etag = second.headers.get('etag');
    expect(etag).toBe(kept!.etag.replace(/"$/, '-gzip"'));
    expect(second.headers.get('content-encoding')).toBe('gzip');
    expect(Number(second.headers.get('content-length'))).toBe(object.length);
    expect(second.headers.get('vary')).toContain('accept-encoding');
    expect(second.headers.get('cache-control')).toBe('private, no-cache');
    expect(second.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(second.headers.get('content-disposition')).toContain('points_2025-07.csv');
    const secondBytes = Buffer.from(await second.arrayBuffer());
    // Byte-identical to the first download and to the streamed build.
    expect(secondBytes.equals(firstBytes)).toBe(true);
    expect(secondBytes.equals(await streamed('2025-07', 'ja'))).toBe(true);
    expect(secondBytes.toString('utf8')).toContain(",'=SUM(1+1)\r\n");
    // A client that takes no gzip gets the CSV itself, with its length and the CSV's ETag.
    const plain = await t.owner.raw(path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('etag')).toBe(kept!.etag);
    expect(Number(plain.headers.get('content-length'))).toBe(firstBytes.length);
    expect(Buffer.from(await plain.arrayBuffer()).equals(firstBytes)).toBe(true);

    const unchanged = await t.owner.raw(path, { headers: { 'if-none-match': etag! } });
    expect(unchanged.status).toBe(304);
    expect((await unchanged.arrayBuffer()).byteLength).toBe(0);
    const otherTag = await t.owner.raw(path, { headers: { 'if-none-match': '"something-else"' } });
    expect(otherTag.status).toBe(200);
    await otherTag.arrayBuffer();

    // Each language is its own file, worded in it.
    t.owner.setCookie('lang', 'en');
    await (await t.owner.raw(path)).arrayBuffer();
    const en = await t.owner.raw(path);
    t.owner.setCookie('lang', 'ja');
    expect(en.headers.get('etag')).not.toBe(etag);
    const enBytes = Buffer.from(await en.arrayBuffer());
    expect(enBytes.toString('utf8').split('\r\n')[0]).toBe(
      '\uFEFFTime,Ledger ID,Member ID,Change,Balance,Reason,Reason code,Reference,Reference ID,Memo',
    );
    expect(enBytes.equals(await streamed('2025-07', 'en'))).toBe(true);

    // Only staff who may read reports get it, kept or not.
    const support = await staffClient(t.shop, 'support');
    expect((await support.raw(path)).status).toBe(403);

    // A row whose object is gone (storage lost or not restored) is built again from the ledger.
    await t.shop.ctx.db.pool.query(
      "UPDATE report_files SET storage_key = 'reports/points/gone.csv' WHERE month = '2025-07' AND lang = 'ja'",
    );
    const rebuilt = await t.owner.raw(path);
    expect(rebuilt.headers.get('etag')).toBeNull();
    expect(Buffer.from(await rebuilt.arrayBuffer()).equals(firstBytes)).toBe(true);
    expect((await keptRow('2025-07'))!.storage_key).not.toBe('reports/points/gone.csv');
    const again = await t.owner.raw(path);
    expect(again.headers.get('etag')).toBe(etag);
    await again.arrayBuffer();
  });

  it('sales are never kept: payments still change after their month', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.owner.raw('/api/admin/operations/export?month=2025-07&kind=sales');
      expect(res.headers.get('etag')).toBeNull();
      await res.arrayBuffer();
    }
    expect(await keptRow('2025-07', 'ja', 'sales')).toBeNull();
  });

  it('a month closes an hour after it ends by the shop clock; until then every download streams its rows', async () => {
    const month = tokyoMonth(t.shop.clock.now());
    const end = monthEnd(month);
    const download = async () => {
      const file = await monthlyFile(t.shop.ctx, month, 'points', 'ja', silent);
      if (file.stored) return { stored: true, bytes: gunzipSync(file.gzipped) };
      const parts: Buffer[] = [];
      for await (const chunk of file.body as AsyncIterable<Buffer>) parts.push(chunk);
      return { stored: false, bytes: Buffer.concat(parts) };
    };
    const rows = (b: Buffer) => b.toString('utf8').split('\r\n').length - 2;
    const start = new Date(`${month}-01T00:00:00+09:00`);

    await ledgerRows(start, t.shop.clock.now(), 10);
    expect(await download()).toMatchObject({ stored: false });
    await ledgerRows(start, t.shop.clock.now(), 10);
    const open = await download();
    expect(rows(open.bytes)).toBeGreaterThanOrEqual(20);
    expect(await keptRow(month)).toBeNull();

    // Half an hour after the month ends, a write begun in its last second may still be committing.
    await t.shop.clock.moveTo(new Date(end.getTime() + CLOSE_GRACE_MS / 2));
    expect(isMonthClosed(t.shop.clock.now(), month)).toBe(false);
    await ledgerRows(new Date(end.getTime() - 1000), end, 1);
    expect(rows((await download()).bytes)).toBe(rows(open.bytes) + 1);
    expect(await keptRow(month)).toBeNull();

    await t.shop.clock.moveTo(new Date(end.getTime() + CLOSE_GRACE_MS));
    expect(isMonthClosed(t.shop.clock.now(), month)).toBe(true);
    const built = await download();
    expect(built.stored).toBe(false);
    const kept = await download();
    expect(kept.stored).toBe(true);
    expect(kept.bytes.equals(built.bytes)).toBe(true);
    expect(rows(kept.bytes)).toBe(rows(open.bytes) + 1);
  });
});
