import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countAudit } from '../../src/db/queries/audit-log.ts';
import { buildMember, ledgerViolations } from '../factories.ts';
import { buildPack } from '../packs/pack-fixtures.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { staffClient, type StaffClient } from './staff-fixtures.ts';

let shop: TestShop;
let support: StaffClient;
let supportEn: StaffClient;
beforeAll(async () => {
  shop = await startTestShop();
  support = await staffClient(shop, 'support');
  supportEn = await staffClient(shop, 'support', 'en');
});
afterAll(() => shop.close());

const balances = async (id: number) => {
  const { rows } = await shop.ctx.db.pool.query('SELECT point_balance, coin_balance FROM members WHERE id = $1', [id]);
  return { points: Number(rows[0].point_balance), coins: Number(rows[0].coin_balance) };
};

describe('member search', () => {
  it('finds a member by id, by part of the mail, by name and by phone', async () => {
    const m = await buildMember(shop);
    await shop.ctx.db.pool.query(
      `UPDATE members SET tel = '08012345678', last_name = '検索', first_name = '花子' WHERE id = $1`,
      [m.id],
    );
    const ids = async (q: string) => {
      const r = await support.get(`/admin/members?q=${encodeURIComponent(q)}&per_page=100`);
      expect(r.state).toBe(200);
      return (r.rows as { id: number }[]).map((x) => x.id);
    };
    expect(await ids(String(m.id))).toContain(m.id);
    expect(await ids(m.mail.slice(0, 12).toUpperCase())).toContain(m.id);
    expect(await ids('検索 花子')).toContain(m.id);
    expect(await ids('検索花子')).toContain(m.id);
    expect(await ids('080-1234-5678')).toContain(m.id);
    expect(await ids('nobody-like-this%_')).toEqual([]);
  });

  it('puts the member of an exact mail or id first, and matches phone numbers only for a phone-like search', async () => {
    // Issue 21: the digits of a mail address also matched phone numbers, and the newest members came first, so the
    // member searched for by full address came after every newer member whose phone held those digits.
    const target = await buildMember(shop);
    const mail = `taro.2026112${target.id % 10}@example.jp`;
    await shop.ctx.db.pool.query('UPDATE members SET mail = $2 WHERE id = $1', [target.id, mail]);
    const digits = mail.replace(/\D/g, '');
    const others: number[] = [];
    for (let i = 0; i < 16; i++) {
      const o = await buildMember(shop);
      await shop.ctx.db.pool.query('UPDATE members SET tel = $2 WHERE id = $1', [o.id, `0${digits}${i % 10}`]);
      others.push(o.id);
    }
    const search = async (q: string) => {
      const r = await support.get(`/admin/members?q=${encodeURIComponent(q)}`);
      expect(r.state).toBe(200);
      return { ids: (r.rows as { id: number }[]).map((x) => x.id), total: r.total as number };
    };
    const byMail = await search(mail);
    expect(byMail.ids[0]).toBe(target.id);
    expect(byMail.ids.filter((id) => others.includes(id))).toEqual([]);
    expect(byMail.total).toBe(1);
    // The same digits written as a phone number find the phones.
    expect((await search(digits)).ids).toEqual(expect.arrayContaining(others));
    // An id is exact and first, before members whose mail or phone holds the same digits.
    const byId = await search(String(target.id));
    expect(byId.ids[0]).toBe(target.id);
  });

  it('refuses a bad page size or sort key with 400', async () => {
    expect((await support.get('/admin/members?per_page=5000')).state).toBe(400);
    expect((await support.get('/admin/members?sort=pass_hash')).state).toBe(400);
  });

  it('shows the member page with balances and the ledger', async () => {
    const m = await buildMember(shop, { freePoints: 300, coins: 20, address: true });
    const r = await support.get(`/admin/members/${m.id}`);
    expect(r.state).toBe(200);
    expect(r.member).toMatchObject({ id: m.id, point_balance: 300, coin_balance: 20, suspended: false });
    // The whole address as it goes on a parcel, the prefecture included.
    expect((r.member as { address: string }).address).toBe('〒1000001 東京都千代田区千代田1-1');
    expect((r.member as { sessions: unknown[] }).sessions.length).toBe(1);
    const ledger = await support.get(`/admin/members/${m.id}/ledger?currency=point`);
    expect(ledger).toMatchObject({ state: 200, total: 1 });
    // The member's own words for the row beside its code (the console shows the label).
    expect((ledger.rows as unknown[])[0]).toMatchObject({ reason: 'test', label: 'デモ・テスト用の残高' });
    expect((await support.get('/admin/members/999999999')).state).toBe(404);
  });
});

describe('balance adjustments', () => {
  it('adds and takes points as ledger entries of their own kind, with the reason in history and the audit log', async () => {
    const m = await buildMember(shop, { paidPoints: 500 });
    const add = await support.post(`/admin/members/${m.id}/adjust`, {
      currency: 'point',
      amount: 120,
      reason: 'お詫び（配送遅延）',
    });
    expect(add.state, JSON.stringify(add)).toBe(200);
    const take = await support.post(`/admin/members/${m.id}/adjust`, {
      currency: 'point',
      amount: '-20',
      reason: '二重付与の訂正',
    });
    expect(take.state).toBe(200);
    expect(await balances(m.id)).toMatchObject({ points: 600 });
    expect(await ledgerViolations(shop)).toEqual([]);

    const { rows } = await shop.ctx.db.pool.query(
      `SELECT reason, amount, memo FROM ledger_entries WHERE member_id = $1 AND reason = 'staff_adjustment' ORDER BY id`,
      [m.id],
    );
    expect(rows.map((r) => [Number(r.amount), r.memo])).toEqual([
      [120, 'お詫び（配送遅延）'],
      [-20, '二重付与の訂正'],
    ]);

    const history = await m.client.get('/user/point/list');
    const memos = (history.list as { memo: string }[]).map((r) => r.memo);
    expect(memos).toContain('運営による調整：お詫び（配送遅延）');

    const audit = await shop.ctx.db.pool.query(
      `SELECT staff_id, reason, before, after FROM audit_log WHERE action = 'member.adjust' AND target_id = $1 ORDER BY id`,
      [String(m.id)],
    );
    expect(audit.rows).toHaveLength(2);
    expect(audit.rows[0]).toMatchObject({ staff_id: support.staff.id, reason: 'お詫び（配送遅延）' });
    expect(audit.rows[0].before).toMatchObject({ point_balance: 500 });
    expect(audit.rows[0].after).toMatchObject({ point_balance: 620, amount: 120 });
  });

  it('adjusts coins', async () => {
    const m = await buildMember(shop, { coins: 10 });
    expect(
      (await support.post(`/admin/members/${m.id}/adjust`, { currency: 'coin', amount: -10, reason: 'r' })).state,
    ).toBe(200);
    expect(await balances(m.id)).toMatchObject({ coins: 0 });
  });

  it.each([
    ['no reason', { currency: 'point', amount: 10 }, 'reason', '理由を入力してください'],
    ['a blank reason', { currency: 'point', amount: 10, reason: '   ' }, 'reason', '理由を入力してください'],
    [
      'more than the balance',
      { currency: 'point', amount: -101, reason: 'x' },
      'amount',
      '残高（100）を超えて減らすことはできません',
    ],
    [
      'more coins than the balance',
      { currency: 'coin', amount: -1, reason: 'x' },
      'amount',
      '残高（0）を超えて減らすことはできません',
    ],
    ['a fraction', { currency: 'point', amount: 1.5, reason: 'x' }, 'amount', '0以外の整数を入力してください'],
    ['zero', { currency: 'point', amount: 0, reason: 'x' }, 'amount', '0以外の整数を入力してください'],
    ['text', { currency: 'point', amount: '10ポイント', reason: 'x' }, 'amount', '0以外の整数を入力してください'],
    [
      'a huge amount',
      { currency: 'point', amount: 1e15, reason: 'x' },
      'amount',
      '一度に調整できるのは1000000までです',
    ],
    [
      'an unsafe integer',
      { currency: 'point', amount: 2 ** 60, reason: 'x' },
      'amount',
      '0以外の整数を入力してください',
    ],
    [
      'an unknown currency',
      { currency: 'yen', amount: 10, reason: 'x' },
      'currency',
      'ポイントかコインを選んでください',
    ],
  ])('refuses %s with a message and changes nothing', async (_name, body, field, message) => {
    const m = await buildMember(shop, { freePoints: 100 });
    const auditBefore = await countAudit(shop.ctx.db.pool);
    const r = await support.post(`/admin/members/${m.id}/adjust`, body);
    expect(r.state).toBe(400);
    expect(r.errors?.[field]?.[0]).toBe(message);
    expect(await balances(m.id)).toEqual({ points: 100, coins: 0 });
    expect(await countAudit(shop.ctx.db.pool)).toBe(auditBefore);
  });

  it('answers in English for an English console', async () => {
    const m = await buildMember(shop, { freePoints: 5 });
    const r = await supportEn.post(`/admin/members/${m.id}/adjust`, { currency: 'point', amount: -6, reason: 'x' });
    expect(r.errors?.amount?.[0]).toBe('Cannot take more than the balance (5)');
  });
});

describe('suspension and signing out', () => {
  it('a suspended member cannot log in or buy; reinstated, they can log in again', async () => {
    const m = await buildMember(shop, { freePoints: 5000 });
    const packId = await buildPack(shop);
    expect((await support.post(`/admin/members/${m.id}/suspend`, {})).errors?.reason).toBeDefined();
    const s = await support.post(`/admin/members/${m.id}/suspend`, { reason: '不正利用の疑い' });
    expect(s.state, JSON.stringify(s)).toBe(200);
    // Their sessions are over.
    expect((await m.client.get('/user/point')).is_login).toBe('0');
    const login = await shop.client().post('/user/login', { mail: m.mail, pass: m.pass });
    expect(login.state).toBe(400);
    expect(login.errors?.mail?.[0]).toBe('このアカウントは利用停止中です。お問い合わせください');
    // A session that slipped through still cannot buy.
    const sid = `m.${randomBytes(32).toString('base64url')}`;
    await shop.ctx.db.pool.query(
      "INSERT INTO sessions (id_hash, member_id, persistent, expires_at) VALUES ($1, $2, false, now() + interval '1 day')",
      [createHash('sha256').update(sid).digest('base64url'), m.id],
    );
    const c = shop.client();
    c.setCookie('sid', sid);
    const check = await c.post('/user/pack/check', { pack_id: packId, count: 1 });
    expect(check).toMatchObject({ state: 400, reason: 'member_suspended' });

    expect((await support.post(`/admin/members/${m.id}/reinstate`, { reason: '確認済み' })).state).toBe(200);
    expect((await shop.client().post('/user/login', { mail: m.mail, pass: m.pass })).state).toBe(200);
    const actions = await shop.ctx.db.pool.query(
      `SELECT action FROM audit_log WHERE target_type = 'member' AND target_id = $1 ORDER BY id`,
      [String(m.id)],
    );
    expect(actions.rows.map((r) => r.action)).toEqual(['member.suspend', 'member.reinstate']);
  });

  it('a buy token taken before the suspension is refused at the buy step, and nothing is bought', async () => {
    const m = await buildMember(shop, { freePoints: 5000 });
    const packId = await buildPack(shop);
    const check = await m.client.post('/user/pack/check', { pack_id: packId, count: 1 });
    expect(check.state).toBe(200);
    // Suspended in the database only: the session (and any instance's session cache) still lets the request in.
    await shop.ctx.db.pool.query('UPDATE members SET suspended_at = now() WHERE id = $1', [m.id]);
    const buy = await m.client.post('/user/pack/buy', { token: check.token });
    expect(buy).toMatchObject({ state: 400, reason: 'member_suspended' });
    const bought = await shop.ctx.db.pool.query('SELECT count(*)::int AS n FROM purchases WHERE member_id = $1', [
      m.id,
    ]);
    expect(bought.rows[0].n).toBe(0);
    expect(await ledgerViolations(shop)).toEqual([]);
  });

  it('signs a member out everywhere', async () => {
    const m = await buildMember(shop);
    const r = await support.post(`/admin/members/${m.id}/sign-out`, { reason: '端末紛失の連絡' });
    expect(r).toMatchObject({ state: 200, ended: 1 });
    expect((await m.client.get('/user/point')).is_login).toBe('0');
  });
});
