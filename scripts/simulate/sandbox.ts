/**
 * What a tester reads and presses in the sandbox: the shop clock, the outbox (mails and SMS), card tokens, the
 * payment company's pages, and a console operator signed in with password + TOTP (as scripts/screenshots.ts does).
 */
import { generate } from 'otplib';
import { expectOk, SimClient } from './client.ts';

interface OutboxMessage {
  channel: 'mail' | 'sms';
  recipient: string;
  body: string;
}

export async function outbox(c: SimClient): Promise<OutboxMessage[]> {
  return (await c.sandbox<{ messages: OutboxMessage[] }>('GET', '/outbox')).messages;
}

/** The newest message to `recipient` whose text matches `pattern`: its first capture group. */
export async function fromOutbox(c: SimClient, recipient: string, pattern: RegExp): Promise<string> {
  for (const m of await outbox(c)) {
    const hit = m.recipient === recipient ? pattern.exec(m.body) : null;
    if (hit) return hit[1]!;
  }
  throw new Error(`no message to ${recipient} matching ${pattern}`);
}

export async function clockNow(c: SimClient): Promise<Date> {
  return new Date((await c.sandbox<{ now: string }>('GET', '/clock')).now);
}

/** Moves the shop clock; the shop runs every job that fell due on the way before answering. */
export async function moveClock(
  c: SimClient,
  to: { advance_seconds: number } | { now: string },
): Promise<{ now: Date; jobs: Record<string, number> }> {
  const r = await c.sandbox<{ now: string; jobs?: Record<string, number> }>('POST', '/clock', to);
  return { now: new Date(r.now), jobs: r.jobs ?? {} };
}

export const TEST_CARD = '4111111111111111';

export async function cardToken(c: SimClient, holder: string): Promise<string> {
  const r = await c.sandbox<{ token: string }>('POST', '/card/token', {
    card_number: TEST_CARD,
    card_expire: '12/39',
    security_code: '123',
    cardholder_name: holder,
  });
  return r.token;
}

/** A console operator of `role`, signed in through the real steps: password, then a TOTP code. */
export async function signInStaff(base: URL, role: 'owner' | 'operator'): Promise<SimClient> {
  const staff = new SimClient(base, '127.0.255.254');
  const account = await staff.sandbox<{ mail: string; pass: string }>('POST', '/staff', { role });
  expectOk(await staff.post('/admin/login', { mail: account.mail, pass: account.pass }), 'staff login');
  const { secret } = expectOk(await staff.post('/admin/totp/setup'), 'totp setup') as unknown as { secret: string };
  // The authenticator app reads the shop's time: a moved shop clock is the time its codes are checked against.
  const epoch = Math.floor((await clockNow(staff)).getTime() / 1000);
  expectOk(await staff.post('/admin/totp/enable', { code: await generate({ secret, epoch }) }), 'totp enable');
  return staff;
}
