import type { Lang } from '@oripa/core';
import type { Config } from '../config.ts';
import type { PaymentRow } from '../db/queries/payments.ts';
import { payStyleName } from '../presenters/payment-styles.ts';
import { pts, yen, type Block } from './layout.ts';
import { tokyoTime } from './outbox.ts';

export type ReceiptPayment = Pick<
  PaymentRow,
  'public_id' | 'pay_id' | 'amount' | 'point' | 'append_point' | 'coupon_point' | 'created_at'
>;

const LABELS = {
  ja: {
    seller: '販売事業者',
    address: '所在地',
    phone: '電話番号',
    email: 'メールアドレス',
    course: 'ご購入内容',
    courseValue: (n: number) => `ポイント ${pts(n)} コース`,
    amount: 'お支払金額（税込）',
    points: '付与ポイント',
    pointsLater: '付与予定ポイント',
    bonus: 'ボーナスポイント',
    method: 'お支払方法',
    date: 'ご購入日時',
    dateOrdered: 'ご注文日時',
    id: '決済番号',
  },
  en: {
    seller: 'Seller',
    address: 'Address',
    phone: 'Phone',
    email: 'Mail',
    course: 'Item',
    courseValue: (n: number) => `${pts(n)} point course`,
    amount: 'Amount paid (tax included)',
    points: 'Points',
    pointsLater: 'Points to be added',
    bonus: 'Bonus points',
    method: 'Payment method',
    date: 'Date',
    dateOrdered: 'Ordered',
    id: 'Payment ID',
  },
} as const;

/**
 * The purchase as the Specified Commercial Transactions Act (特定商取引法) asks a receipt to state it: who sold
 * it (name, address, phone, mail from config.operator), what was bought, the price, how and when it was paid, and
 * the payment's id. `at` is when it was paid, or with `ordered` when it was ordered (a deferred payment's
 * instructions, before the money arrived).
 */
export function receiptBlocks(lang: Lang, config: Config, p: ReceiptPayment, at: Date, ordered = false): Block[] {
  const l = LABELS[lang];
  const o = config.operator;
  const bonus = p.append_point + p.coupon_point;
  return [
    {
      rows: [
        [l.course, l.courseValue(p.point)],
        [l.amount, yen(p.amount)],
        [ordered ? l.pointsLater : l.points, pts(p.point)],
        [l.bonus, pts(bonus)],
        [l.method, payStyleName(lang, p.pay_id)],
        [ordered ? l.dateOrdered : l.date, tokyoTime(at)],
        [l.id, p.public_id],
      ],
    },
    {
      rows: [
        [l.seller, lang === 'ja' ? o.name : o.nameEn],
        [l.address, lang === 'ja' ? o.address : o.addressEn],
        [l.phone, o.phone],
        [l.email, o.email],
      ],
    },
  ];
}
