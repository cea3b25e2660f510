import { inEachLang, MAIL_UNVERIFIED_MESSAGE, msg, rankOrAbove, type SaleRefusal } from '@oripa/core';
import { AppError } from '../../app-error.ts';

type CountCode = 'conflict' | 'forbidden' | 'validation';
type PlainReason = Exclude<
  SaleRefusal['reason'],
  'rank_required' | 'max_buy_count' | 'insufficient_stock' | 'price_changed'
>;

/** The refusals whose errors.count message has no parameters: their status class and message key. */
const PLAIN: Record<PlainReason, [CountCode, string]> = {
  closed: ['conflict', 'packClosed'],
  before_start: ['conflict', 'beforeStart'],
  mail_unverified: ['forbidden', MAIL_UNVERIFIED_MESSAGE],
  sms_required: ['forbidden', 'smsRequired'],
  sold_out: ['conflict', 'soldOut'],
  all_not_offered: ['validation', 'allNotOffered'],
  insufficient_points: ['validation', 'insufficientPoints'],
  insufficient_coins: ['validation', 'insufficientCoins'],
};

const countError = (code: CountCode, key: string, reason: string) => new AppError(code, { count: [key] }, reason);

/**
 * The server's error for a refusal of the sale rules (packages/core/src/packs/sale-eligibility.ts): the HTTP
 * status class, the message and the wire reason the check and the buy have always answered.
 */
export function saleError(r: SaleRefusal): AppError {
  switch (r.reason) {
    case 'rank_required':
      // Named as the pack's badge names it (ゴールド以上 / Gold or above), in the reader's language.
      return countError(
        'forbidden',
        msg('rankRequired', { rank: inEachLang((l) => rankOrAbove(r.rank, l)) }),
        r.reason,
      );
    case 'max_buy_count':
      return countError('conflict', msg('maxBuyExceeded', { max: r.max, bought: r.bought }), r.reason);
    case 'insufficient_stock':
      return countError('conflict', msg('insufficientStock', { remaining: r.remaining }), r.reason);
    case 'price_changed':
      return new AppError('conflict', { token: ['tokenExpired'] }, r.reason);
    default: {
      const [code, key] = PLAIN[r.reason];
      return countError(code, key, r.reason);
    }
  }
}
