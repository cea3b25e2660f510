import { msg } from '@oripa/core';
import { AppError } from '../../http/app-error.ts';
import type { PackRow } from './pack-rows.ts';

export interface BuyerState {
  rank: number;
  smsVerified: boolean;
  /** Draws of this pack the member bought already. */
  bought: number;
  pointBalance: number;
  coinBalance: number;
}

const countError = (code: 'conflict' | 'forbidden' | 'validation', key: string, reason: string) =>
  new AppError(code, { count: [key] }, reason);

/** Whether the pack can be sold to this member at all right now (checked at /check and again inside /buy). */
export function assertOnSale(pack: PackRow, buyer: BuyerState, now: Date): void {
  if (pack.closed_at && pack.closed_at.getTime() <= now.getTime()) throw countError('conflict', 'packClosed', 'closed');
  if (pack.start_date.getTime() > now.getTime()) throw countError('conflict', 'beforeStart', 'before_start');
  if (pack.sms_only && !buyer.smsVerified) throw countError('forbidden', 'smsRequired', 'sms_required');
  if (pack.rank_limit > buyer.rank) {
    throw countError('forbidden', msg('rankRequired', { rank: pack.rank_limit }), 'rank_required');
  }
  if (pack.max_buy_count > 0 && buyer.bought >= pack.max_buy_count) {
    throw maxBuyError(pack.max_buy_count, buyer.bought);
  }
}

export const maxBuyError = (max: number, bought: number) =>
  countError('conflict', msg('maxBuyExceeded', { max, bought }), 'max_buy_count');

export const soldOutError = () => countError('conflict', 'soldOut', 'sold_out');
export const insufficientStockError = (remaining: number) =>
  countError('conflict', msg('insufficientStock', { remaining }), 'insufficient_stock');

/** The affordability check of /check; /buy relies on the ledger's own conditional debit instead. */
export function assertAffordable(pack: PackRow, buyer: BuyerState, price: number): void {
  if (pack.payment_method === '2') {
    if (buyer.coinBalance < price) throw countError('validation', 'insufficientCoins', 'insufficient_coins');
  } else if (buyer.pointBalance < price) {
    throw countError('validation', 'insufficientPoints', 'insufficient_points');
  }
}
