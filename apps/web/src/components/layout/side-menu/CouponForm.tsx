import { zodResolver } from '@hookform/resolvers/zod';
import { COUPON_CODE_MAX, couponUseSchema } from '@oripa/core';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { firstError } from '../../../api/client';
import { redeemCoupon, type CouponReply } from '../../../api/payments';
import { useRefreshCurrentUser } from '../../../api/account';
import { tMessage } from '../../../i18n';
import { isMailUnverified } from '../../../lib/account/mail-unverified';
import { ResendMailButton } from '../../account/ResendMailButton';
import styles from './SideMenu.module.css';
import { SubmitButton } from '../../ui/SubmitButton';
import { num } from '../../../lib/format/datetime';

/** The server's message for a failed coupon, or null when the coupon was accepted (spec section 4, Coupon). */
export function couponError(reply: CouponReply, t: (k: string) => string): string | null {
  if (reply.networkError) return t('common:communicationError');
  // The coupon endpoint answers 404 only when it is not deployed (yet); say so plainly instead of 'not found'.
  if (reply.state === 404 && reply.reason === 'unknown_path') return t('menu.coupon.unavailable');
  if (reply.state === 200) return reply.error ? reply.error : null;
  return firstError(reply, 'couponCode') ?? reply.error ?? firstError(reply, 'general') ?? t('menu.coupon.failed');
}

/** What an accepted coupon did, for the member: points granted now, or a bonus on the next course purchase. */
export function couponSuccess(reply: CouponReply, t: (k: string, o?: Record<string, unknown>) => string): string {
  const point = num(reply.point);
  if (reply.kind === 'points') return t('menu.coupon.grantedPoints', { point });
  if (reply.kind === 'bonus') return t('menu.coupon.grantedBonus', { point });
  return t('menu.coupon.applied');
}

/**
 * Coupon entry: at most 20 characters; the server's error shows under the input; success goes on to /buy-point
 * with a message saying what the coupon did.
 */
export function CouponForm({ onUsed }: { onUsed: (message: string) => void }) {
  const { t } = useTranslation(['layout', 'common']);
  const inputId = useId();
  const errorId = useId();
  const refreshUser = useRefreshCurrentUser();
  const [serverError, setServerError] = useState<string | null>(null);
  // A coupon is refused until the mail address is confirmed (issue 19 §2): then the link can be sent again here.
  const [mailRefused, setMailRefused] = useState(false);
  const { register, handleSubmit, formState } = useForm<{ couponCode: string }>({
    resolver: zodResolver(couponUseSchema),
    defaultValues: { couponCode: '' },
  });
  const onSubmit = handleSubmit(async ({ couponCode }) => {
    setServerError(null);
    const reply = await redeemCoupon(couponCode);
    const error = couponError(reply, t);
    setMailRefused(isMailUnverified(reply));
    if (error) {
      setServerError(error);
      return;
    }
    void refreshUser();
    onUsed(couponSuccess(reply, t));
  });
  const message = formState.errors.couponCode?.message ? tMessage(formState.errors.couponCode.message) : serverError;
  return (
    <form method="post" className={styles.coupon} onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId} className={styles.label}>
        {t('menu.coupon.label')}
      </label>
      <div className={styles.couponRow}>
        <input
          id={inputId}
          className={styles.input}
          maxLength={COUPON_CODE_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('menu.coupon.placeholder')}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          {...register('couponCode', { onChange: () => setServerError(null) })}
        />
        <SubmitButton className={styles.secondaryButton} disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t('menu.coupon.sending') : t('menu.coupon.submit')}
        </SubmitButton>
      </div>
      {message && (
        <p id={errorId} className={styles.error} role="alert">
          {message}
        </p>
      )}
      {mailRefused && serverError && <ResendMailButton className={styles.secondaryButton} />}
    </form>
  );
}
