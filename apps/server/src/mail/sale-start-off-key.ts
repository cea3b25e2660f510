import { createHmac, timingSafeEqual } from 'node:crypto';

/** The key of the sale-start mail's stop link: the member id and an HMAC of it (services/notices/sale-start-off.ts). */
const KEY = /^(\d{1,15})-([A-Za-z0-9_-]{22})$/;

const mac = (secret: string, memberId: number) =>
  createHmac('sha256', secret).update(`sale-start-off:${memberId}`).digest('base64url').slice(0, 22);

export const saleStartOffKey = (secret: string, memberId: number) => `${memberId}-${mac(secret, memberId)}`;

/** The member a key names, when it is well formed and signed by this shop; else null. */
export function parseSaleStartOffKey(secret: string, key: string): number | null {
  const m = KEY.exec(key);
  if (!m) return null;
  const id = Number(m[1]);
  const want = Buffer.from(mac(secret, id));
  const got = Buffer.from(m[2]!);
  return got.length === want.length && timingSafeEqual(got, want) ? id : null;
}
