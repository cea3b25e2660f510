import type { Lang } from '@oripa/core';

/**
 * What a sale-start push carries to the service worker (public/sw.js shows it): the text in the member's language,
 * and the pack page to open on a tap. `memberId`/`packId` let the deliver-push job fall back to a mail. Web Push
 * payloads are limited to about 4 KB, so names are cut.
 */
export interface SaleStartPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  memberId: number;
  packId: number;
}

export function saleStartPayload(
  lang: Lang,
  memberId: number,
  pack: { id: number; nameJa: string; nameEn: string },
): SaleStartPayload {
  const name = (lang === 'en' && pack.nameEn ? pack.nameEn : pack.nameJa).slice(0, 200);
  return {
    title: lang === 'en' ? 'On sale now' : '販売開始',
    body:
      lang === 'en'
        ? `${name} is on sale now. Tap to open the pack.`
        : `「${name}」の販売が始まりました。タップしてパックを開く`,
    url: `/pack-detail?packId=${pack.id}`,
    tag: `sale-start-${pack.id}`,
    memberId,
    packId: pack.id,
  };
}
