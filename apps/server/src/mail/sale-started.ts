import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/queryable.ts';
import { shopUrl, type MailContent } from './layout.ts';
import { greeting, queueMail, type Recipient } from './outbox.ts';
import { saleStartOffKey } from './sale-start-off-key.ts';

export interface StartedPack {
  id: number;
  nameJa: string;
  nameEn: string;
}

/** The sale of a pack the member asked about has started (the mail fallback of the Web Push notice). */
export function saleStartedContent(ctx: AppContext, to: Recipient, pack: StartedPack, memberId: number): MailContent {
  const en = to.lang === 'en';
  // One tap (on the page it opens) stops every sale-start notice still to come, without signing in.
  const off = shopUrl(ctx.config, `/notices/off?key=${saleStartOffKey(ctx.config.sessionSecret, memberId)}`);
  const name = en && pack.nameEn ? pack.nameEn : pack.nameJa;
  return {
    subject: en ? `On sale now: ${name}` : `販売開始：${name}`,
    preview: en ? `${name} is on sale now.` : `${name}の販売が始まりました。`,
    blocks: [
      greeting(to),
      en
        ? `The sale of ${name}, which you asked us to tell you about, has started.`
        : `お知らせのご登録をいただいた「${name}」の販売が始まりました。`,
      { button: en ? 'Open the pack' : 'パックを見る', href: shopUrl(ctx.config, `/pack-detail?packId=${pack.id}`) },
      {
        note: en
          ? `This is the only notice for this pack. To stop every sale-start notice still to come: ${off} (or on My Page: ${shopUrl(ctx.config, '/my-page#notices')})`
          : `このパックのお知らせはこの1通のみです。今後の販売開始のお知らせをすべて停止する：${off}（マイページでも解除できます：${shopUrl(ctx.config, '/my-page#notices')}）`,
      },
    ],
  };
}

export function sendSaleStarted(ctx: AppContext, db: Queryable, to: Recipient, pack: StartedPack, memberId: number) {
  return queueMail(ctx, db, to, 'sale_started', saleStartedContent(ctx, to, pack, memberId));
}
