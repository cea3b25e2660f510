import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  SMS_BONUS_POINTS,
  SMS_CODE_LENGTH,
  SMS_CODE_TTL_MS,
  smsChallengeState,
  smsSendLimit,
  type Lang,
} from '@oripa/core';
import { AppError } from '../../../app-error.ts';
import type { AppContext } from '../../../context.ts';
import { findMemberById } from '../../../db/queries/members.ts';
import {
  claimSmsBonus,
  countSmsAttempt,
  insertSmsChallenge,
  lockLatestSmsChallenge,
  lockMemberSms,
  lockTelForSms,
  markSmsChallengeUsed,
  setMemberSmsVerified,
  setSmsProviderRef,
  smsSendCounts,
  telVerifiedByOther,
} from '../../../db/queries/sms.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { recipientOf } from '../../../mail/outbox.ts';
import { sendSmsVerified } from '../../../mail/sms-verified.ts';
import { grantPoints } from '../../ledger.ts';
import { requireConfirmedMail } from '../../mail-verification.ts';
import { SmsSendError } from './gateway.ts';
import { normaliseMobileTel } from './phone.ts';

/**
 * SMS verification (spec sections 2, 4, 5; issue 11; ADR 0019). send: a 6-digit code from the CSPRNG, kept as an
 * HMAC, sent through the configured gateway in the transaction that records it (a failed send records nothing).
 * check: against the member's newest code, 10 minutes, 5 wrong tries; a good code verifies the member with the
 * number and grants the 500 points as a free lot, in one transaction, once per member and once per number.
 * Both need a confirmed mail address (issue 19 §2): no code is sent, and none checked, before it.
 */

const telError = (key: string, reason: string) => AppError.validation('tel', key, reason);
const codeError = (key: string, reason: string) => AppError.validation('sms_code', key, reason);

function codeHash(ctx: AppContext, memberId: number, tel: string, code: string): string {
  return createHmac('sha256', ctx.config.sessionSecret).update(`sms:${memberId}:${tel}:${code}`).digest('base64url');
}

function codeText(lang: Lang, code: string): string {
  return lang === 'en'
    ? `[KIRAKIRA ORIPA] Your verification code is ${code}. It is valid for 10 minutes. Never share it with anyone.`
    : `【キラキラオリパ】認証コード: ${code}（10分間有効）。このコードは他の人に教えないでください。`;
}

export async function sendSmsCode(
  ctx: AppContext,
  memberId: number,
  typedTel: string,
  clientIp: string,
): Promise<{ tel: string }> {
  const parsed = normaliseMobileTel(typedTel);
  if (!parsed.ok)
    throw parsed.reason === 'format' ? telError('telFormat', 'tel_format') : telError('telNotMobile', 'tel_not_mobile');
  const tel = parsed.tel;
  const now = ctx.clock.now();
  const gateway = ctx.sms;
  await withTransaction(ctx.db, async (tx) => {
    const member = await lockMemberSms(tx, memberId);
    if (member?.sms_verified_at) throw AppError.validation('user_id', 'smsAlreadyVerified', 'sms_already_verified');
    await requireConfirmedMail(tx, memberId);
    await lockTelForSms(tx, tel);
    if (await telVerifiedByOther(tx, tel, memberId)) throw telError('telTaken', 'tel_taken');
    const limit = smsSendLimit(await smsSendCounts(tx, { memberId, tel, ip: clientIp, now }), now);
    if (limit?.reason === 'cooldown') {
      throw new AppError(
        'rate_limited',
        { tel: [`smsCooldown|${JSON.stringify({ seconds: limit.waitSeconds })}`] },
        'sms_cooldown',
      );
    }
    if (limit) throw new AppError('rate_limited', { tel: ['smsDailyLimit'] }, 'sms_daily_limit');
    const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
    const id = await insertSmsChallenge(tx, {
      memberId,
      tel,
      codeHash: codeHash(ctx, memberId, tel, code),
      clientIp,
      gateway: gateway.name,
      expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
      now,
    });
    const m = await findMemberById(tx, memberId);
    try {
      const sent = await gateway.send(tx, { to: tel, body: codeText(m?.lang ?? 'ja', code), kind: 'sms_code' }, now);
      await setSmsProviderRef(tx, id, sent.providerRef);
    } catch (err) {
      if (!(err instanceof SmsSendError)) throw err;
      throw new AppError('internal', { tel: ['smsSendFailed'] }, 'sms_send_failed');
    }
  });
  return { tel };
}

/** A wrong code counts as a try in its own commit; the refusal is thrown after it. */
export async function checkSmsCode(ctx: AppContext, memberId: number, code: string): Promise<{ bonus: number }> {
  const now = ctx.clock.now();
  let refusal: AppError | null = null;
  const result = await withTransaction(ctx.db, async (tx) => {
    refusal = null;
    const member = await lockMemberSms(tx, memberId);
    if (member?.sms_verified_at) throw codeError('smsAlreadyVerified', 'sms_already_verified');
    await requireConfirmedMail(tx, memberId);
    const c = await lockLatestSmsChallenge(tx, memberId);
    const state = smsChallengeState(c, now);
    if (state === 'none') throw codeError('smsCodeNone', 'sms_code_none');
    if (state === 'used') throw codeError('smsCodeUsed', 'sms_code_used');
    if (state === 'tries_exhausted') throw codeError('smsTooManyTries', 'sms_too_many_tries');
    if (state === 'expired') throw codeError('smsCodeExpired', 'sms_code_expired');
    const expected = Buffer.from(c!.code_hash);
    const given = Buffer.from(codeHash(ctx, memberId, c!.tel, code));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      await countSmsAttempt(tx, c!.id);
      refusal = codeError('smsCodeMismatch', 'sms_code_mismatch');
      return null;
    }
    if (await telVerifiedByOther(tx, c!.tel, memberId)) throw codeError('telTaken', 'tel_taken');
    await markSmsChallengeUsed(tx, c!.id, now);
    await setMemberSmsVerified(tx, memberId, c!.tel, now);
    let bonus = 0;
    if (await claimSmsBonus(tx, { tel: c!.tel, memberId, point: SMS_BONUS_POINTS, now })) {
      bonus = SMS_BONUS_POINTS;
      await grantPoints(tx, {
        memberId,
        amount: bonus,
        kind: 'free',
        reason: 'sms_bonus',
        refType: 'sms_challenge',
        refId: c!.id,
        now,
      });
    }
    const m = await findMemberById(tx, memberId);
    if (m) await sendSmsVerified(ctx, tx, recipientOf(m), { tel: c!.tel, bonus });
    return { bonus };
  }).catch((err: unknown) => {
    // Two members verifying one number at once: the unique index lets one through.
    if ((err as { code?: string }).code === '23505') throw codeError('telTaken', 'tel_taken');
    throw err;
  });
  if (refusal) throw refusal;
  return result!;
}
