import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/queryable.ts';
import type { MailContent } from './layout.ts';
import { greeting, queueMail, type Recipient } from './outbox.ts';

/** The carriers the shop ships with, and where each one's tracking page for a parcel number is. */
export const CARRIERS = {
  yamato: {
    ja: 'ヤマト運輸',
    en: 'Yamato Transport',
    track: (n: string) => `https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=${n}`,
  },
  sagawa: {
    ja: '佐川急便',
    en: 'Sagawa Express',
    track: (n: string) => `https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=${n}`,
  },
  japanpost: {
    ja: '日本郵便',
    en: 'Japan Post',
    track: (n: string) => `https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1=${n}`,
  },
} as const;
export type Carrier = keyof typeof CARRIERS;

export interface ShipmentNotice {
  carrier: Carrier;
  trackingNumber: string;
  /** The names of the cards in the parcel. */
  items: string[];
}

export function shipmentSentContent(to: Recipient, s: ShipmentNotice): MailContent {
  const en = to.lang === 'en';
  const carrier = CARRIERS[s.carrier];
  const number = encodeURIComponent(s.trackingNumber.replace(/[^0-9A-Za-z]/g, ''));
  return {
    subject: en ? 'Your cards have been shipped' : 'カード発送のお知らせ',
    preview: en ? `${carrier.en}, tracking number ${s.trackingNumber}` : `${carrier.ja} 伝票番号 ${s.trackingNumber}`,
    blocks: [
      greeting(to),
      en ? 'Your cards are on their way.' : 'ご依頼いただいたカードを発送しました。',
      {
        rows: [
          [en ? 'Carrier' : '配送業者', carrier[to.lang]],
          [en ? 'Tracking number' : '伝票番号', s.trackingNumber],
          ...s.items.map((name, i) => [i === 0 ? (en ? 'Cards' : '発送内容') : '', name] as const),
        ],
      },
      { button: en ? 'Track the parcel' : '配送状況を確認する', href: carrier.track(number) },
      {
        note: en
          ? 'Tracking may take a few hours to show the parcel.'
          : '配送状況が表示されるまで数時間かかることがあります。',
      },
    ],
  };
}

/** Queued by whatever marks a shipment shipped (the operator console, a later issue), in that transaction. */
export function sendShipmentSent(ctx: AppContext, db: Queryable, to: Recipient, s: ShipmentNotice) {
  return queueMail(ctx, db, to, 'shipment_sent', shipmentSentContent(to, s));
}
