/**
 * The console benchmark's shop (issue 21): a year of history of a given size written straight into a fresh, migrated
 * database by set-based SQL (generate_series, INSERT … SELECT), not through the API, so a million purchases take
 * minutes. Every trigger stays on (reference checks, record guards, the per-day figures), so what the console reads
 * is what the shop itself would have written:
 *
 * - members registering evenly over the period (verified, with an address; one in ten in English);
 * - packs published through THE publication (pack-publishing.ts), sized to what is drawn from them;
 * - purchases spread evenly, each by a member registered by then, of 1 draw (or 10, one in 25), with their drawn
 *   cards taking the packs' tickets in sequence; cards older than a day were chosen: 85 % converted, 15 % shipped,
 *   one parcel per shipped purchase (shipped after a week, a few held or returned; the rest preparing or packed);
 * - payments (30 % of the purchase count) over the period and methods, 88 % credited, the rest failed, expired,
 *   cancelled, or (the last three days) bank transfers waiting;
 * - the point books: a grant at registration ('bench', one paid lot the member's purchases are spent from), each
 *   credited payment (a paid lot) and an SMS bonus for a third of the members (a free lot), lots expiring after six
 *   months as the expiry job does, every purchase's debit; balances = ledger = lots (conversions credit nothing).
 * - 20,000 audit rows.
 */
import { connectDatabase } from '../../apps/server/src/db/database.ts';
import { foldDailyFigureDeltas } from '../../apps/server/src/db/queries/daily-figures.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { withTransaction } from '../../apps/server/src/db/transaction.ts';
import { publishPack } from '../../apps/server/src/services/packs/pack-publishing.ts';
import { hashPassword } from '../../apps/server/src/services/passwords.ts';

export interface ConsoleSeedOptions {
  members: number;
  purchases: number;
  /** The history's length in days, ending now. */
  days?: number;
  /** Cards in the card master, for the pack editor's picker (default 10,000). */
  masterCards?: number;
  /** The password of every member. */
  pass?: string;
  log?: (line: string) => void;
}

export interface ConsoleSeed {
  members: number;
  purchases: number;
  cards: number;
  payments: number;
  shipments: number;
  ledger: number;
  packIds: number[];
  /** A member in the middle of the history, as staff would look them up. */
  sample: { memberId: number; mail: string; tel: string; name: string; fullName: string; paymentPublicId: string };
}

const DAY_S = 86_400;
const CHUNK = 250_000;

export async function seedConsoleDatabase(url: string, o: ConsoleSeedOptions): Promise<ConsoleSeed> {
  const log = o.log ?? (() => {});
  const M = Math.max(10, Math.floor(o.members));
  const P = Math.max(10, Math.floor(o.purchases));
  const Y = Math.max(10, Math.round(P * 0.3));
  const D = o.days ?? 365;
  const K = Math.max(4, Math.min(40, Math.ceil(P / 25_000)));
  const now = new Date();
  const t0 = new Date(now.getTime() - D * DAY_S * 1000);
  const span = D * DAY_S;
  const db = connectDatabase(url, 2, { dbStatementTimeoutMs: 3_600_000 });
  const q = async (what: string, text: string, values: unknown[] = []) => {
    const started = performance.now();
    const res = await db.pool.query(text, values);
    log(`  ${what}: ${res.rowCount ?? 0} rows, ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return res;
  };
  const one = async (text: string, values: unknown[] = []) =>
    Number(Object.values((await db.pool.query(text, values)).rows[0])[0]);
  /** The next `n` ids of a sequence, reserved: the first one. */
  const reserve = async (seq: string, n: number) => {
    const first = await one(`SELECT nextval('${seq}')`);
    await db.pool.query(`SELECT setval('${seq}', $1)`, [first + n]);
    return first;
  };
  try {
    await migrate(db.pool);
    await db.pool.query('SELECT setseed(0.21)');

    // ------------------------------------------------------------------ members
    const passHash = await hashPassword(o.pass ?? 'bench1234');
    const memberBase = await reserve('members_id_seq', M);
    await q(
      'members',
      `INSERT INTO members (id, mail, pass_hash, last_name, first_name, tel, referral_code, lang, mail_verified_at,
         zipcode, pref_id, shiku, address, building, created_at, updated_at, last_activity_at)
       SELECT $1::bigint + g - 1, 'member' || g || '@bench.example', $2,
         (ARRAY['佐藤','鈴木','高橋','田中','伊藤','渡辺','山本','中村','小林','加藤'])[1 + g % 10],
         (ARRAY['太郎','花子','一郎','美咲','健太','陽菜','翔','結衣'])[1 + (g / 10) % 8],
         '0' || (ARRAY['90','80','70'])[1 + g % 3] || lpad(((g::bigint * 48271) % 100000000)::text, 8, '0'),
         'B' || lpad(g::text, 9, '0'), CASE WHEN g % 10 = 0 THEN 'en' ELSE 'ja' END, x.t,
         '1000001', 13, '千代田区', '千代田' || (g % 9 + 1) || '-' || (g % 20 + 1), '', x.t, x.t, x.t
       FROM generate_series(1, $3::int) g,
         LATERAL (SELECT $4::timestamptz + (g - 1) * ($5::float8 / $3) * interval '1 second' AS t) x
       ORDER BY g`,
      [memberBase, passHash, M, t0, span],
    );
    // Member number i (1-based) registered at t0 + (i - 1) span / M: a row of time t may take members up to
    // 1 + M (t - t0) / span.
    const memberAt = (frac: string) => `$1::bigint + floor(random() * floor(1 + ${M}::float8 * ${frac}))::bigint`;

    // ------------------------------------------------------------------ purchases (staging), packs
    await q('staging purchases', 'DROP TABLE IF EXISTS bench_buys, bench_packs, bench_lots, bench_ledger');
    await q(
      'staging purchases',
      `CREATE UNLOGGED TABLE bench_buys AS
       SELECT g AS seq, x.t, ${memberAt('(g - 0.5) / $2')} AS member_id, 1 + floor(random() * $3)::int AS pack_no,
         CASE WHEN random() < 0.04 THEN 10 ELSE 1 END AS cnt
       FROM generate_series(1, $2::int) g,
         LATERAL (SELECT $4::timestamptz + (g - 0.5) * ($5::float8 / $2) * interval '1 second' AS t) x`,
      [memberBase, P, K, t0, span],
    );
    const perPack = (
      await db.pool.query<{ pack_no: number; cards: string }>(
        'SELECT pack_no, sum(cnt) AS cards FROM bench_buys GROUP BY pack_no ORDER BY pack_no',
      )
    ).rows;
    const packIds: number[] = [];
    const started = performance.now();
    await db.pool.query('CREATE UNLOGGED TABLE bench_packs (pack_no int PRIMARY KEY, pack_id bigint, unit int)');
    for (const p of perPack) {
      const total = Math.ceil(Number(p.cards) * 1.15) + 10;
      const s = Math.max(1, Math.floor(total * 0.01));
      const a = Math.max(1, Math.floor(total * 0.04));
      const b = Math.max(1, Math.floor(total * 0.2));
      const unit = 100 * (1 + (p.pack_no % 5));
      const packId = await withTransaction(db, (tx) =>
        publishPack(tx, {
          cardType: 1,
          nameJa: `ベンチパック ${p.pack_no}`,
          nameEn: `Bench pack ${p.pack_no}`,
          point: unit,
          startDate: new Date(t0.getTime() - DAY_S * 1000),
          now: new Date(t0.getTime() - DAY_S * 1000),
          cards: [
            { rank: 'S', name: `Bench S${p.pack_no}`, imageUrl: '/s.svg', setCount: s, rarity: 3, buyPoint: 50_000 },
            { rank: 'A', name: `Bench A${p.pack_no}`, imageUrl: '/a.svg', setCount: a, rarity: 2, buyPoint: 3_000 },
            { rank: 'B', name: `Bench B${p.pack_no}`, imageUrl: '/b.svg', setCount: b, rarity: 1, buyPoint: 500 },
            {
              rank: 'C',
              name: `Bench C${p.pack_no}`,
              imageUrl: '/c.svg',
              setCount: total - s - a - b,
              rarity: 0,
              buyPoint: 30,
            },
          ],
        }),
      );
      packIds.push(packId);
      await db.pool.query('INSERT INTO bench_packs VALUES ($1, $2, $3)', [p.pack_no, packId, unit]);
    }
    log(`  packs: ${packIds.length} published, ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // Ids in time order (as the shop writes them), each purchase's place in its pack's ticket sequence, and what
    // became of its cards: chosen after 1-21 hours once a day old (85 % converted, 15 % shipped), else waiting.
    const purchaseBase = await reserve('purchases_id_seq', P);
    await db.pool.query(
      `ALTER TABLE bench_buys ADD COLUMN id bigint, ADD COLUMN pack_id bigint, ADD COLUMN unit int,
         ADD COLUMN after int, ADD COLUMN status text, ADD COLUMN decided_at timestamptz`,
    );
    await q(
      'staging purchases',
      `UPDATE bench_buys b SET id = ${purchaseBase} + b.seq - 1, pack_id = p.pack_id, unit = p.unit, after = w.after,
         status = CASE WHEN b.t > $1::timestamptz - interval '1 day' THEN 'pending'
           WHEN random() < 0.15 THEN 'ship' ELSE 'convert' END
       FROM bench_packs p, (SELECT seq, sum(cnt) OVER (PARTITION BY pack_no ORDER BY seq) - cnt AS after
         FROM bench_buys) w
       WHERE p.pack_no = b.pack_no AND w.seq = b.seq`,
      [now],
    );
    await q(
      'staging purchases',
      `UPDATE bench_buys SET decided_at = t + (1 + random() * 20) * interval '1 hour' WHERE status <> 'pending'`,
    );
    await db.pool.query('CREATE UNIQUE INDEX ON bench_buys (id)');
    for (let from = 0; from < P; from += CHUNK) {
      await q(
        `purchases ${from + 1}-${Math.min(P, from + CHUNK)}`,
        `INSERT INTO purchases (id, member_id, pack_id, count, unit_price, price, currency, token, created_at)
         SELECT id, member_id, pack_id, cnt, unit, cnt * unit, 'point', 'bench-' || seq, t FROM bench_buys
         WHERE seq > $1 AND seq <= $2 ORDER BY id`,
        [from, from + CHUNK],
      );
    }

    // ------------------------------------------------------------------ parcels: one per shipped purchase
    const shipped = await one("SELECT count(*) FROM bench_buys WHERE status = 'ship'");
    const shipmentBase = await reserve('shipments_id_seq', shipped);
    await q(
      'shipments',
      `INSERT INTO shipments (id, member_id, purchase_id, address, status, delivery_code, created_at, shipped_at,
         carrier, updated_at)
       SELECT $1::bigint + row_number() OVER (ORDER BY b.decided_at, b.id) - 1, b.member_id, b.id,
         jsonb_build_object('zipcode', m.zipcode, 'pref_id', m.pref_id, 'shiku', m.shiku, 'address', m.address,
           'building', m.building, 'name', m.last_name || ' ' || m.first_name, 'tel', m.tel),
         s.status, CASE WHEN s.status IN ('shipped', 'returned') THEN lpad(b.id::text, 12, '0') ELSE '' END,
         b.decided_at, CASE WHEN s.status IN ('shipped', 'returned') THEN b.decided_at + interval '3 days' END,
         CASE WHEN s.status IN ('shipped', 'returned') THEN 'yamato' END, b.decided_at
       FROM bench_buys b JOIN members m ON m.id = b.member_id,
         LATERAL (SELECT CASE
           WHEN b.decided_at > $2::timestamptz - interval '7 days' THEN
             CASE WHEN b.id % 5 < 3 THEN 'preparing' ELSE 'packed' END
           WHEN b.id % 100 = 0 THEN 'returned' WHEN b.id % 100 < 3 THEN 'held' ELSE 'shipped' END AS status) s
       WHERE b.status = 'ship'
       ORDER BY 1`,
      [shipmentBase, now],
    );

    // ------------------------------------------------------------------ drawn cards
    for (let from = 0; from < P; from += CHUNK) {
      await q(
        `drawn cards of purchases ${from + 1}-${Math.min(P, from + CHUNK)}`,
        `INSERT INTO purchase_cards (purchase_id, pack_id, member_id, ticket_no, pack_card_id, status, created_at,
           decided_at, returned_point, shipment_id)
         SELECT b.id, b.pack_id, b.member_id, t.ticket_no, t.pack_card_id, b.status, b.t, b.decided_at,
           CASE WHEN b.status = 'convert' THEN k.buy_point ELSE 0 END, s.id
         FROM bench_buys b CROSS JOIN LATERAL generate_series(1, b.cnt) x(n)
           JOIN tickets t ON t.pack_id = b.pack_id AND t.ticket_no = b.after + x.n
           JOIN pack_cards k ON k.id = t.pack_card_id
           LEFT JOIN shipments s ON s.purchase_id = b.id AND b.status = 'ship'
         WHERE b.seq > $1 AND b.seq <= $2
         ORDER BY b.id, t.ticket_no`,
        [from, from + CHUNK],
      );
    }
    await q(
      'pack stock',
      `UPDATE pack_stock s SET drawn = c.n, drawn_s = c.s, drawn_a = c.a, drawn_b = c.b, drawn_c = c.c
       FROM (SELECT d.pack_id, count(*) AS n, count(*) FILTER (WHERE k.rank = 'S') AS s,
           count(*) FILTER (WHERE k.rank = 'A') AS a, count(*) FILTER (WHERE k.rank = 'B') AS b,
           count(*) FILTER (WHERE k.rank = 'C') AS c
         FROM purchase_cards d JOIN pack_cards k ON k.id = d.pack_card_id GROUP BY d.pack_id) c
       WHERE s.pack_id = c.pack_id`,
    );

    // ------------------------------------------------------------------ payments
    const course = await one(
      `INSERT INTO point_courses (point, price, memo, memo_en) VALUES (1000, 1000, 'ベンチ', 'Bench'),
         (3000, 3000, 'ベンチ', 'Bench'), (5000, 5000, 'ベンチ', 'Bench'), (10000, 10000, 'ベンチ', 'Bench'),
         (30000, 30000, 'ベンチ', 'Bench') RETURNING id`,
    );
    const paymentBase = await reserve('payments_id_seq', Y);
    await q(
      'payments',
      `INSERT INTO payments (id, public_id, member_id, point_course_id, pay_id, gateway, status, amount, point,
         append_point, method, expires_at, credited_at, failure_reason, created_at, updated_at)
       SELECT $6::bigint + g - 1, 'bench-pay-' || g, ${memberAt('(g - 0.5) / $2')}, $3::bigint + c.i, p.pay_id,
         'stripe', s.status, c.yen, c.yen, CASE WHEN g % 20 = 0 THEN c.yen / 10 ELSE 0 END,
         -- A bank transfer names its holder (the console searches by part of it).
         CASE WHEN p.pay_id = 4 THEN jsonb_build_object('name',
           (ARRAY['サトウ','スズキ','タカハシ','タナカ','イトウ','ワタナベ','ヤマモト','ナカムラ'])[1 + g % 8] || ' ' ||
           (ARRAY['タロウ','ハナコ','イチロウ','ミサキ','ケンタ','ヒナ'])[1 + (g / 8) % 6]) ELSE '{}'::jsonb END,
         CASE WHEN p.pay_id IN (2, 4) THEN x.t + interval '3 days' END,
         CASE WHEN s.status = 'succeeded' THEN x.t + interval '40 seconds' END,
         CASE WHEN s.status = 'failed' THEN 'card_declined' END, x.t, x.t
       FROM generate_series(1, $2::int) g,
         LATERAL (SELECT $4::timestamptz + (g - 0.5) * ($5::float8 / $2) * interval '1 second' AS t) x,
         LATERAL (SELECT (g * 7) % 5 AS i) ci,
         LATERAL (SELECT ci.i, (ARRAY[1000, 3000, 5000, 10000, 30000])[1 + ci.i] AS yen) c,
         LATERAL (SELECT (ARRAY[1, 1, 1, 1, 7, 2, 2, 4, 5, 6])[1 + g % 10] AS pay_id) p,
         LATERAL (SELECT CASE WHEN g % 100 < 88 THEN 'succeeded' WHEN g % 100 < 93 THEN 'failed'
           WHEN g % 100 < 96 THEN 'expired' WHEN g % 100 < 98 THEN 'cancelled'
           WHEN p.pay_id = 4 AND x.t > $7::timestamptz - interval '3 days' THEN 'pending' ELSE 'expired' END AS status) s
       ORDER BY g`,
      [memberBase, Y, course, t0, span, paymentBase, now],
    );

    // ------------------------------------------------------------------ the point books
    const lots = M + Y + Math.ceil(M / 3);
    const lotBase = await reserve('point_lots_id_seq', lots);
    await q(
      'staging lots',
      `CREATE UNLOGGED TABLE bench_lots AS
       SELECT $1::bigint + row_number() OVER (ORDER BY l.granted_at, l.src, l.member_id) - 1 AS lot_id, l.*,
         CASE WHEN l.expires_at <= $2::timestamptz THEN l.expires_at END AS expired_at
       FROM (
         -- The registration grant the purchases are spent from: all the member will spend, and 5,000 more.
         SELECT 0 AS src, m.id AS member_id, 'paid' AS kind, 5000 + COALESCE(s.spent, 0) AS granted, m.created_at AS granted_at,
           m.created_at + interval '20 years' AS expires_at, 'bench' AS reason, NULL::text AS ref_type, NULL::bigint AS ref_id
         FROM members m LEFT JOIN (SELECT member_id, sum(cnt * unit) AS spent FROM bench_buys GROUP BY member_id) s
           ON s.member_id = m.id
         UNION ALL
         SELECT 1, p.member_id, 'paid', p.point, p.credited_at, p.credited_at + interval '6 months', 'point_purchase',
           'payment', p.id
         FROM payments p WHERE p.status = 'succeeded'
         UNION ALL
         SELECT 2, m.id, 'free', 500, m.created_at + interval '1 hour', m.created_at + interval '1 hour 6 months',
           'sms_bonus', NULL, NULL
         FROM members m WHERE m.id % 3 = 0
       ) l`,
      [lotBase, now],
    );
    const entries = await one(
      `SELECT count(*) + count(expired_at) + (SELECT count(*) FROM bench_buys) FROM bench_lots`,
    );
    const ledgerBase = await reserve('ledger_entries_id_seq', entries);
    await q(
      'staging ledger',
      `CREATE UNLOGGED TABLE bench_ledger AS
       SELECT $1::bigint + row_number() OVER (ORDER BY e.t, e.ord, e.src_id) - 1 AS id, e.*,
         sum(e.amount) OVER (PARTITION BY e.member_id ORDER BY e.t, e.ord, e.src_id ROWS UNBOUNDED PRECEDING)
           AS balance_after
       FROM (
         SELECT 0 AS ord, l.lot_id AS src_id, l.member_id, l.granted AS amount, l.granted_at AS t, l.reason, l.ref_type,
           l.ref_id, l.lot_id, '' AS memo
         FROM bench_lots l
         UNION ALL
         SELECT 1, l.lot_id, l.member_id, -l.granted, l.expired_at, 'expiry', 'point_lot', l.lot_id, l.lot_id, ''
         FROM bench_lots l WHERE l.expired_at IS NOT NULL
         UNION ALL
         SELECT 2, b.id, b.member_id, -(b.cnt * b.unit), b.t, 'pack_purchase', 'purchase', b.id, g.lot_id,
           format('pack %s x%s', b.pack_id, b.cnt)
         FROM bench_buys b JOIN bench_lots g ON g.member_id = b.member_id AND g.src = 0
       ) e`,
      [ledgerBase],
    );
    await q(
      'point lots',
      `INSERT INTO point_lots (id, member_id, kind, granted, remaining, granted_at, expires_at, expired_at, source)
       SELECT l.lot_id, l.member_id, l.kind, l.granted,
         CASE WHEN l.expired_at IS NOT NULL THEN 0 WHEN l.src = 0 THEN 5000 ELSE l.granted END,
         l.granted_at, l.expires_at, l.expired_at, l.reason
       FROM bench_lots l ORDER BY l.lot_id`,
    );
    for (let from = ledgerBase; from < ledgerBase + entries; from += CHUNK) {
      await q(
        `ledger ${from - ledgerBase + 1}-${Math.min(entries, from - ledgerBase + CHUNK)}`,
        `INSERT INTO ledger_entries (id, member_id, currency, amount, balance_after, reason, ref_type, ref_id, memo,
           created_at)
         SELECT id, member_id, 'point', amount, balance_after, reason, ref_type, ref_id, memo, t FROM bench_ledger
         WHERE id >= $1 AND id < $2 ORDER BY id`,
        [from, from + CHUNK],
      );
      await q(
        '  and their lot moves',
        `INSERT INTO point_lot_moves (ledger_id, lot_id, amount)
         SELECT id, lot_id, amount FROM bench_ledger WHERE id >= $1 AND id < $2 ORDER BY id`,
        [from, from + CHUNK],
      );
    }
    await q(
      'balances',
      `UPDATE members m SET point_balance = b.balance, total_buy = COALESCE(y.yen, 0),
         last_activity_at = greatest(m.last_activity_at, b.last)
       FROM (SELECT member_id, sum(amount) AS balance, max(t) FILTER (WHERE reason <> 'expiry') AS last
             FROM bench_ledger GROUP BY member_id) b
         LEFT JOIN (SELECT member_id, sum(amount) AS yen FROM payments WHERE status = 'succeeded' GROUP BY member_id) y
           ON y.member_id = b.member_id
       WHERE m.id = b.member_id`,
    );

    // ------------------------------------------------------------------ the card master
    // The pack editor's picker searches it (issue 21 item 6): fictional names from 8 × 8 words, 5 games, sets of 200
    // cards (model numbers GX01-001 …), rarities 0-3.
    await q(
      'card master',
      `INSERT INTO cards (card_type, name_ja, name_en, rarity, model_number, buy_point, image_url)
       SELECT 1 + g % 5,
         (ARRAY['星霊','月影','紅蓮','蒼天','雷鳴','翠風','黒曜','白銀'])[1 + g % 8]
           || (ARRAY['竜','狐','騎士','魔導士','獅子','鳳凰','巨人','妖精'])[1 + (g / 8) % 8] || ' ' || g,
         (ARRAY['Star','Moon','Crimson','Azure','Thunder','Jade','Obsidian','Silver'])[1 + g % 8] || ' '
           || (ARRAY['Dragon','Fox','Knight','Mage','Lion','Phoenix','Giant','Fairy'])[1 + (g / 8) % 8] || ' ' || g,
         (g * 7) % 4, 'GX' || lpad((1 + (g - 1) / 200)::text, 2, '0') || '-' || lpad((1 + (g - 1) % 200)::text, 3, '0'),
         30 + (g * 37) % 5000, '/media/bench-card.webp'
       FROM generate_series(1, $1::int) g`,
      [Math.max(0, Math.floor(o.masterCards ?? 10_000))],
    );

    // ------------------------------------------------------------------ the audit log
    await q(
      'audit log',
      `INSERT INTO audit_log (action, target_type, target_id, reason, after, created_at)
       SELECT (ARRAY['member.adjust_points', 'shipment.move', 'pack.publish', 'payment.transfer_received'])[1 + g % 4],
         (ARRAY['member', 'shipment', 'pack', 'payment'])[1 + g % 4], (1 + g % 1000)::text, 'bench',
         jsonb_build_object('n', g), $1::timestamptz + (g - 0.5) * ($2::float8 / 20000) * interval '1 second'
       FROM generate_series(1, 20000) g ORDER BY g`,
      [t0, span],
    );

    await db.pool.query('DROP TABLE bench_buys, bench_packs, bench_lots, bench_ledger');
    // The per-day figures' deltas, folded as the job would.
    let folded = 0;
    for (let n = 1; n > 0; folded += n) n = await foldDailyFigureDeltas(db.pool, 50_000);
    log(`  per-day figure deltas folded: ${folded}`);
    const vacuum = performance.now();
    await db.pool.query('VACUUM ANALYZE');
    log(`  VACUUM ANALYZE: ${((performance.now() - vacuum) / 1000).toFixed(1)} s`);

    const mid = memberBase + Math.floor(M / 2);
    const sample = (
      await db.pool.query<{ mail: string; tel: string; name: string; full: string; public_id: string | null }>(
        `SELECT m.mail, m.tel, m.last_name || m.first_name AS name, m.last_name || ' ' || m.first_name AS full,
           (SELECT public_id FROM payments p WHERE p.member_id = m.id ORDER BY id LIMIT 1) AS public_id
         FROM members m WHERE m.id = $1`,
        [mid],
      )
    ).rows[0]!;
    const count = (table: string) => one(`SELECT count(*) FROM ${table}`);
    return {
      members: await count('members'),
      purchases: await count('purchases'),
      cards: await count('purchase_cards'),
      payments: await count('payments'),
      shipments: await count('shipments'),
      ledger: await count('ledger_entries'),
      packIds,
      sample: {
        memberId: mid,
        mail: sample.mail,
        tel: sample.tel,
        name: sample.name,
        fullName: sample.full,
        paymentPublicId: sample.public_id ?? `bench-pay-1`,
      },
    };
  } finally {
    await db.close();
  }
}
