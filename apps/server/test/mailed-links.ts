import { expect } from 'vitest';
import type { TestShop } from './test-shop.ts';

/** The token of the last mail-verification link queued for `mail`, in the text or the HTML part. */
export async function mailedVerifyToken(shop: TestShop, mail: string): Promise<string> {
  const { rows } = await shop.ctx.db.pool.query<{ text: string }>(
    `SELECT body || coalesce(html, '') AS text FROM outbox_messages
     WHERE recipient = $1 AND (body || coalesce(html, '')) LIKE '%/verify-mail?token=%' ORDER BY id DESC LIMIT 1`,
    [mail],
  );
  expect(rows).toHaveLength(1);
  return /verify-mail\?token=([A-Za-z0-9_-]+)/.exec(rows[0]!.text)![1]!;
}
