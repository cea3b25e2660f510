import type { PointCourseDetail } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { timing } from './FinalConfirmation';
import styles from './Payment.module.css';
import { SubmitButton } from '../ui/SubmitButton';
import { num } from '../../lib/format/datetime';

const n = num;

/**
 * The pay button with the order in brief, stuck to the bottom of the screen while the buyer scrolls the methods and
 * the form (特定商取引法 12条の6: what is bought, the price, the points, when they arrive and that there is no
 * cancellation stay in view up to the press). The full final confirmation is in the page above; the bar links to it.
 */
export function PaySummaryBar({
  course,
  payId,
  methodName,
  busy,
  disabled,
}: {
  course: PointCourseDetail;
  payId: number;
  methodName: string | undefined;
  busy: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation('payment');
  const amount =
    course.currency === 'coin'
      ? t('coinAmount', { value: n(course.total_point) })
      : t('points', { value: n(course.total_point) });
  return (
    <div className={styles.payBar} role="region" aria-label={t('confirm.summary')} data-testid="pay-summary">
      <p className={styles.payBarMain}>
        {t('confirm.summaryLine', { amount, price: t('confirm.priceValue', { value: n(course.price) }) })}
      </p>
      <p className={styles.payBarNote}>
        {methodName && <span>{methodName}</span>}
        <span>{t(`confirm.deliveryShort.${timing(payId).delivery}`)}</span>
        <span>{t('confirm.refundShort')}</span>
      </p>
      <SubmitButton className={styles.primary} disabled={disabled} aria-busy={busy}>
        {busy ? t('confirm.submitting') : t('confirm.submit')}
      </SubmitButton>
    </div>
  );
}
