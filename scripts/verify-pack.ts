/**
 * Re-derives a pack's ticket sequence from its revealed seed and checks it against the published lineup, the
 * SHA-256 commitment and every published draw (issue 3, "provably fair"), and that the pack's last-one prize, if
 * it names one, went once to the purchase that drew the final ticket (ADR 0028).
 *
 *   npm run verify-pack -- <packId>                         # over HTTP, http://localhost:3000 by default
 *   npm run verify-pack -- <packId> --url https://shop.example  (or VERIFY_URL=…)
 *   DATABASE_URL=postgres://… npm run verify-pack -- <packId> --db   # operator audit: also every ticket row
 *
 * Exit code: 0 verified, 1 mismatch, 2 cannot verify yet (seed not revealed) or the pack cannot be fetched.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  FAIRNESS_ALGORITHM,
  lastOneProblems,
  verifyPack,
  type LastOneAward,
  type PackDetail,
  type PackFairnessReply,
  type PublishedDraw,
  type Rank,
} from '@oripa/core';

export interface VerifyOutcome {
  exitCode: 0 | 1 | 2;
  lines: string[];
}

interface Source {
  seed: string | null;
  seedHash: string;
  algorithm: string;
  total: number;
  cards: { id: number; rank: Rank; set_count: number }[];
  draws: PublishedDraw[];
  /** Every ticket row (database mode only). */
  tickets?: { ticket_no: number; card_id: number }[];
  /** The last-one prize's card (null: the pack names none) and its awards. */
  lastOne: { cardId: number | null; awards: LastOneAward[] };
}

async function fromHttp(baseUrl: string, packId: number): Promise<Source> {
  const get = async (p: string) => {
    const res = await fetch(`${baseUrl.replace(/\/$/, '')}/api${p}`);
    const body = (await res.json()) as Record<string, unknown>;
    if (body.state !== 200) throw new Error(`GET ${p} answered state ${String(body.state)}`);
    return body;
  };
  const fair = (await get(`/user/pack/fairness/${packId}`)) as unknown as PackFairnessReply;
  const detail = (await get(`/user/pack/detail/${packId}`)).detail as PackDetail;
  // The pack page's public draw log is checked too: it must agree with the same sequence.
  const logDraws: PublishedDraw[] = detail.draw_log.map((d) => ({ ticket_no: d.ticket_no, rank: d.rank }));
  const fullByTicket = new Map(fair.draws.map((d) => [d.ticket_no, d]));
  const extraProblems = logDraws.filter((d) => fullByTicket.get(d.ticket_no)?.rank !== d.rank);
  return {
    seed: fair.fairness.seed,
    seedHash: fair.fairness.seed_hash,
    algorithm: fair.fairness.algorithm,
    total: fair.total_pack_count,
    cards: fair.cards,
    draws: [...fair.draws, ...extraProblems],
    lastOne: {
      cardId: fair.last_one?.card_id ?? null,
      awards: fair.last_one?.award ? [fair.last_one.award] : [],
    },
  };
}

async function fromDatabase(url: string, packId: number): Promise<Source> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const pack = await client.query(
      "SELECT encode(seed, 'hex') AS seed, seed_hash, revealed_at, total_tickets FROM packs WHERE id = $1",
      [packId],
    );
    if (!pack.rows[0]) throw new Error(`pack ${packId} not found`);
    const cards = await client.query('SELECT id, rank, set_count, last_one FROM pack_cards WHERE pack_id = $1', [
      packId,
    ]);
    const draws = await client.query(
      `SELECT d.ticket_no, c.rank, d.pack_card_id FROM purchase_cards d JOIN pack_cards c ON c.id = d.pack_card_id
       WHERE d.pack_id = $1 AND d.ticket_no > 0 ORDER BY d.ticket_no`,
      [packId],
    );
    // Every award row, with the tickets its purchase really holds (not what any reply says).
    const awards = await client.query(
      `SELECT d.pack_card_id, r.first_ticket, r.last_ticket FROM purchase_cards d
       CROSS JOIN LATERAL (SELECT min(e.ticket_no) AS first_ticket, max(e.ticket_no) AS last_ticket
         FROM purchase_cards e WHERE e.purchase_id = d.purchase_id AND e.ticket_no > 0) r
       WHERE d.pack_id = $1 AND (d.ticket_no = 0 OR d.last_one)`,
      [packId],
    );
    const prize = cards.rows.find((c) => c.last_one);
    const tickets = await client.query(
      'SELECT ticket_no, pack_card_id FROM tickets WHERE pack_id = $1 ORDER BY ticket_no',
      [packId],
    );
    return {
      seed: pack.rows[0].seed,
      seedHash: pack.rows[0].seed_hash,
      algorithm: FAIRNESS_ALGORITHM,
      total: Number(pack.rows[0].total_tickets),
      cards: cards.rows
        .filter((c) => !c.last_one)
        .map((c) => ({ id: Number(c.id), rank: c.rank, set_count: Number(c.set_count) })),
      draws: draws.rows.map((d) => ({ ticket_no: d.ticket_no, rank: d.rank, card_id: Number(d.pack_card_id) })),
      tickets: tickets.rows.map((t) => ({ ticket_no: t.ticket_no, card_id: Number(t.pack_card_id) })),
      lastOne: {
        cardId: prize ? Number(prize.id) : null,
        awards: awards.rows.map((a) => ({
          card_id: Number(a.pack_card_id),
          first_ticket: Number(a.first_ticket),
          last_ticket: Number(a.last_ticket),
        })),
      },
    };
  } finally {
    await client.end();
  }
}

export async function runVerify(packId: number, opts: { url?: string; databaseUrl?: string }): Promise<VerifyOutcome> {
  const lines: string[] = [];
  let src: Source;
  try {
    src = opts.databaseUrl ? await fromDatabase(opts.databaseUrl, packId) : await fromHttp(opts.url!, packId);
  } catch (err) {
    return { exitCode: 2, lines: [`cannot fetch pack ${packId}: ${(err as Error).message}`] };
  }
  lines.push(
    `pack ${packId}: ${src.total} tickets, ${src.cards.length} lineup cards, ${src.draws.length} published draws`,
  );
  lines.push(`commitment (SHA-256 of seed): ${src.seedHash}`);
  if (src.algorithm !== FAIRNESS_ALGORITHM) {
    return { exitCode: 1, lines: [...lines, `MISMATCH: unknown algorithm ${src.algorithm}`] };
  }
  if (!src.seed) {
    lines.push('the seed is not revealed yet (the pack is still on sale): nothing to verify until it sells out');
    return { exitCode: 2, lines };
  }
  lines.push(`revealed seed: ${src.seed}`);
  const report = verifyPack({
    seed: src.seed,
    seed_hash: src.seedHash,
    cards: src.cards,
    total_pack_count: src.total,
    draws: src.draws,
  });
  const problems = [
    ...report.problems,
    ...lastOneProblems({
      prizeCardId: src.lastOne.cardId,
      total: src.total,
      drawn: new Set(src.draws.map((d) => d.ticket_no)).size,
      awards: src.lastOne.awards,
    }),
  ];
  if (src.tickets) {
    if (src.tickets.length !== report.sequence.length) {
      problems.push(`the database holds ${src.tickets.length} tickets, the sequence ${report.sequence.length}`);
    }
    for (const t of src.tickets) {
      if (report.sequence[t.ticket_no - 1] !== t.card_id) {
        problems.push(
          `ticket ${t.ticket_no}: database card ${t.card_id}, sequence card ${report.sequence[t.ticket_no - 1]}`,
        );
      }
    }
  }
  if (problems.length > 0) {
    lines.push(...problems.slice(0, 20).map((p) => `MISMATCH: ${p}`));
    if (problems.length > 20) lines.push(`… and ${problems.length - 20} more`);
    lines.push('verdict: NOT VERIFIED');
    return { exitCode: 1, lines };
  }
  lines.push(`checked ${report.checkedDraws} draws${src.tickets ? ` and all ${src.tickets.length} ticket rows` : ''}`);
  if (src.lastOne.cardId !== null) {
    const a = src.lastOne.awards[0];
    lines.push(
      a
        ? `last-one prize: card ${a.card_id}, awarded once to the purchase of tickets ${a.first_ticket}-${a.last_ticket} (the final ticket's)`
        : 'last-one prize: not awarded yet (the final ticket is not drawn)',
    );
  }
  lines.push('verdict: VERIFIED — the commitment matches the seed and every draw follows the pre-committed sequence');
  return { exitCode: 0, lines };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { url: { type: 'string' }, db: { type: 'boolean', default: false } },
  });
  const packId = Number(positionals[0]);
  if (!Number.isSafeInteger(packId) || packId <= 0) {
    console.error('usage: npm run verify-pack -- <packId> [--url http://localhost:3000] [--db]');
    process.exit(2);
  }
  if (values.db && !process.env.DATABASE_URL) {
    console.error('--db needs DATABASE_URL');
    process.exit(2);
  }
  const outcome = await runVerify(packId, {
    url: values.url ?? process.env.VERIFY_URL ?? 'http://localhost:3000',
    databaseUrl: values.db ? process.env.DATABASE_URL : undefined,
  });
  for (const l of outcome.lines) console.log(l);
  process.exit(outcome.exitCode);
}
