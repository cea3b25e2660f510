import { describe, expect, it } from 'vitest';
import { startTestShop, useShop } from '../test-shop.ts';
import { staffClient } from './staff-fixtures.ts';

/**
 * Issue 21 §10: an invitation was a link the owner copied by hand. It is now mailed to the invitee through the
 * outbox, in the transaction that issues it, in the language the owner chose; the console still answers the link.
 */
const t = useShop(async () => {
  const shop = await startTestShop();
  return { shop, owner: await staffClient(shop, 'owner') };
});
const mails = async (to: string) =>
  (
    await t.shop.ctx.db.pool.query(
      "SELECT subject, body, html FROM outbox_messages WHERE recipient = $1 AND kind = 'staff_invitation' ORDER BY id",
      [to],
    )
  ).rows as { subject: string; body: string; html: string }[];

describe('invitations by mail', () => {
  it('mails the link the console answers, in the chosen language; the link works; a reissued link is mailed too', async () => {
    const r = await t.owner.post('/admin/staff', {
      mail: 'new.operator@staff.test',
      name: 'Alex Doe',
      role: 'operator',
      lang: 'en',
    });
    expect(r.state, JSON.stringify(r)).toBe(200);
    const link = r.link as string;
    const [mail] = await mails('new.operator@staff.test');
    expect(mail!.subject).toContain('You are invited to the staff console');
    expect(mail!.body).toContain('as operator');
    expect(mail!.body).toContain('owner tester invited you');
    expect(mail!.html).toContain(link.replace(/&/g, '&amp;'));
    const token = new URL(link).searchParams.get('token')!;
    const setup = await t.shop.client().get(`/admin/setup?token=${token}`);
    expect(setup).toMatchObject({ state: 200, valid: true, mail: 'new.operator@staff.test' });

    const id = (r.staff as { id: number }).id;
    const again = await t.owner.post(`/admin/staff/${id}/reinvite`);
    expect(again.state, JSON.stringify(again)).toBe(200);
    const both = await mails('new.operator@staff.test');
    expect(both).toHaveLength(2);
    expect(both[1]!.html).toContain(String(again.link).replace(/&/g, '&amp;'));
    // The first link ended with the second.
    expect((await t.shop.client().get(`/admin/setup?token=${token}`)).valid).toBe(false);
  });

  it('in Japanese by default', async () => {
    const r = await t.owner.post('/admin/staff', {
      mail: 'new.support@staff.test',
      name: '佐藤 花子',
      role: 'support',
    });
    expect(r.state, JSON.stringify(r)).toBe(200);
    const [mail] = await mails('new.support@staff.test');
    expect(mail!.subject).toContain('管理画面へのご招待');
    expect(mail!.body).toContain('佐藤 花子 さん');
    expect(mail!.body).toContain('「サポート」');
  });

  it('a bad language is refused and nothing is made or mailed', async () => {
    const r = await t.owner.post('/admin/staff', {
      mail: 'bad.lang@staff.test',
      name: 'x',
      role: 'support',
      lang: 'fr',
    });
    expect(r.state).toBe(400);
    expect(r.errors).toHaveProperty('lang');
    expect(await mails('bad.lang@staff.test')).toEqual([]);
    const { rows } = await t.shop.ctx.db.pool.query("SELECT 1 FROM staff WHERE mail = 'bad.lang@staff.test'");
    expect(rows).toEqual([]);
  });
});
