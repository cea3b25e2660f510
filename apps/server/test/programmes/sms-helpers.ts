import type { TestShop } from '../test-shop.ts';

/** The code in the newest sandbox SMS to `tel` (E.164), read from the outbox like a tester would. */
export async function lastSmsCode(shop: Pick<TestShop, 'ctx'>, tel: string): Promise<string> {
  const { rows } = await shop.ctx.db.pool.query<{ body: string }>(
    "SELECT body FROM outbox_messages WHERE channel = 'sms' AND recipient = $1 ORDER BY id DESC LIMIT 1",
    [tel],
  );
  const m = /(\d{6})/.exec(rows[0]?.body ?? '');
  if (!m) throw new Error(`no SMS code to ${tel}`);
  return m[1]!;
}

let n = 0;
/** A fresh Japanese mobile number per call: national form and its E.164. */
export function mobileNumber(): { typed: string; e164: string } {
  // 090-1xxx-xxxx: 090-0 numbers are not allocated, and libphonenumber refuses them.
  const digits = `1${String((process.pid * 1000 + ++n) % 10_000_000).padStart(7, '0')}`;
  return { typed: `090${digits}`, e164: `+8190${digits}` };
}

/** The member's SMS columns and point balance. */
export async function smsState(shop: Pick<TestShop, 'ctx'>, memberId: number) {
  const { rows } = await shop.ctx.db.pool.query(
    'SELECT sms_tel, sms_verified_at, point_balance FROM members WHERE id = $1',
    [memberId],
  );
  return {
    tel: rows[0].sms_tel as string | null,
    verified: rows[0].sms_verified_at !== null,
    point: Number(rows[0].point_balance),
  };
}
