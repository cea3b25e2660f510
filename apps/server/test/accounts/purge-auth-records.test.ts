import { afterAll, beforeAll, expect, it } from 'vitest';
import { purgeAuthRecordsJob } from '../../src/jobs/purge-auth-records.ts';
import { runJobUntilIdle } from '../../src/jobs/runner.ts';
import { createStaffAccount } from '../../src/services/admin/staff.ts';
import { buildMember } from '../factories.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

const count = async (sql: string) => (await shop.ctx.db.pool.query<{ n: number }>(sql)).rows[0]!.n;

it('deletes old sessions, tokens and throttle counters and keeps live ones', async () => {
  const m = await buildMember(shop);
  const q = (sql: string, params: unknown[] = []) => shop.ctx.db.pool.query(sql, params);
  await q(
    `INSERT INTO sessions (id_hash, member_id, persistent, expires_at) VALUES
       ('old', $1, false, now() - interval '3 days'), ('recent', $1, false, now() - interval '1 hour')`,
    [m.id],
  );
  await q(
    `INSERT INTO password_resets (member_id, token_hash, expires_at, used_at) VALUES
       ($1, 'used-long-ago', now() - interval '5 days', now() - interval '5 days'),
       ($1, 'expired-long-ago', now() - interval '2 days', NULL),
       ($1, 'live', now() + interval '20 minutes', NULL)`,
    [m.id],
  );
  await q(
    `INSERT INTO auth_throttle (key, failures, window_start, locked_until) VALUES
       ('login:ip:stale', 3, now() - interval '3 days', NULL),
       ('login:ip:locked-long-ago', 30, now() - interval '3 days', now() - interval '2 days'),
       ('login:ip:fresh', 2, now() - interval '5 minutes', NULL)`,
  );

  expect(await runJobUntilIdle(shop.ctx, purgeAuthRecordsJob)).toBe(5);
  expect(await count("SELECT count(*)::int AS n FROM sessions WHERE id_hash IN ('old', 'recent')")).toBe(1);
  expect(await count('SELECT count(*)::int AS n FROM sessions WHERE member_id = ' + m.id)).toBe(2);
  expect(await count("SELECT count(*)::int AS n FROM password_resets WHERE token_hash = 'live'")).toBe(1);
  expect(await count('SELECT count(*)::int AS n FROM password_resets')).toBe(1);
  expect(await count("SELECT count(*)::int AS n FROM auth_throttle WHERE key = 'login:ip:fresh'")).toBe(1);
  expect(await count('SELECT count(*)::int AS n FROM auth_throttle')).toBe(1);
  // The member's own session still works.
  expect((await m.client.get('/user/point')).is_login).toBe('1');
  expect(await runJobUntilIdle(shop.ctx, purgeAuthRecordsJob)).toBe(0);
});

it('deletes mail-verification links a week after use or expiry, and login addresses unused for 90 days', async () => {
  const m = await buildMember(shop);
  const q = (sql: string, params: unknown[] = []) => shop.ctx.db.pool.query(sql, params);
  await q(
    `INSERT INTO mail_verifications (token_hash, member_id, mail, expires_at, used_at) VALUES
       ('used-8-days-ago', $1, $2, now() - interval '7 days', now() - interval '8 days'),
       ('expired-8-days-ago', $1, $2, now() - interval '8 days', NULL),
       ('used-yesterday', $1, $2, now() + interval '5 hours', now() - interval '1 day'),
       ('expired-6-days-ago', $1, $2, now() - interval '6 days', NULL),
       ('live', $1, $2, now() + interval '20 hours', NULL)`,
    [m.id, m.mail],
  );
  await q(
    `INSERT INTO login_known_ips (member_id, ip, last_login_at) VALUES
       ($1, '192.0.2.1', now() - interval '91 days'), ($1, '192.0.2.2', now() - interval '89 days')`,
    [m.id],
  );
  // The console's known addresses (issue 21) age out the same way.
  const { id: staffId } = await createStaffAccount(shop.ctx, {
    mail: 'purge.staff@staff.test',
    name: 'p',
    role: 'support',
  });
  await q(
    `INSERT INTO staff_known_ips (staff_id, ip, last_login_at) VALUES
       ($1, '192.0.2.3', now() - interval '91 days'), ($1, '192.0.2.4', now() - interval '89 days')`,
    [staffId],
  );

  expect(await runJobUntilIdle(shop.ctx, purgeAuthRecordsJob)).toBe(4);
  const left = await q('SELECT token_hash FROM mail_verifications WHERE member_id = $1 ORDER BY token_hash', [m.id]);
  expect(left.rows.map((r) => r.token_hash)).toEqual(['expired-6-days-ago', 'live', 'used-yesterday']);
  const ips = await q('SELECT ip FROM login_known_ips WHERE member_id = $1', [m.id]);
  expect(ips.rows.map((r) => r.ip)).toEqual(['192.0.2.2']);
  const staffIps = await q('SELECT ip FROM staff_known_ips WHERE staff_id = $1', [staffId]);
  expect(staffIps.rows.map((r) => r.ip)).toEqual(['192.0.2.4']);
});
