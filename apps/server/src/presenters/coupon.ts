import { translateMessage, type CouponUseReply, type Lang } from '@oripa/core';
import type { AppError } from '../app-error.ts';

export const presentCouponUse = (used: { kind: 'points' | 'bonus'; point: number }): CouponUseReply => ({
  error: '',
  kind: used.kind,
  point: used.point,
});

/** A refused coupon: the reply's `error` is the message shown under the input, in the member's language. */
export function presentCouponRefusal(lang: Lang, err: AppError) {
  const key = err.fields.couponCode?.[0] ?? Object.values(err.fields)[0]?.[0] ?? 'invalid';
  const message = translateMessage(lang, key);
  return { error: message, errors: { couponCode: [message] }, reason: err.reason };
}
