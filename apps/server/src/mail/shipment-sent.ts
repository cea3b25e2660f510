import { CARRIERS, namesWithCounts, trackingUrl, type Carrier } from '@oripa/core/admin';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/queryable.ts';
import type { MailContent } from './layout.ts';
import { greeting, queueMail, type Recipient } from './outbox.ts';

export interface ShipmentNotice {
  carrier: Carrier;
  trackingNumber: string;
  /** The names of the cards in the parcel. */
  items: string[];
}

export function shipmentSentContent(to: Recipient, s: ShipmentNotice): MailContent {
  const en = to.lang === 'en';
  const carrier = CARRIERS[s.carrier];
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
        ],
      },
      { title: en ? 'Cards in the parcel' : '発送内容', list: namesWithCounts(s.items) },
      { button: en ? 'Track the parcel' : '配送状況を確認する', href: trackingUrl(s.carrier, s.trackingNumber) },
      {
        note: en
          ? 'Tracking may take a few hours to show the parcel.'
          : '配送状況が表示されるまで数時間かかることがあります。',
      },
    ],
  };
}

/** Queued by the console's move to shipped (services/admin/fulfilment), in that transaction. */
export function sendShipmentSent(ctx: AppContext, db: Queryable, to: Recipient, s: ShipmentNotice) {
  return queueMail(ctx, db, to, 'shipment_sent', shipmentSentContent(to, s));
}
