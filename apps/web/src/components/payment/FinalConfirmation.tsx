import type { PointCourseDetail } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './Payment.module.css';
import { num } from '../../lib/format/datetime';

const n = num;

/** How and when each method is paid, and when its points arrive (also read by the sticky PaySummaryBar). */
export function timing(payId: number): { pay: string; delivery: string } {
  if (payId === 1 || payId === 7) return { pay: 'card', delivery: 'instant' };
  if (payId === 2) return { pay: 'combini', delivery: 'combini' };
  if (payId === 4) return { pay: 'bank', delivery: 'bank' };
  if (payId === 6) return { pay: 'carrier', delivery: 'instant' };
  return { pay: 'wallet', delivery: 'instant' };
}

/**
 * The final-screen items the 特定商取引法 (Act on Specified Commercial Transactions, art. 12-6) requires before an
 * online order is placed: quantity, price, payment method and timing, delivery timing, and the (no-)refund terms.
 */
export function FinalConfirmation({
  course,
  payId,
  methodName,
}: {
  course: PointCourseDetail;
  payId: number;
  methodName: string;
}) {
  const { t } = useTranslation('payment');
  const bonus = course.total_point - course.point;
  const when = timing(payId);
  return (
    <section id="final-confirmation" className={`${styles.card} ${styles.finalCard}`} aria-labelledby="final-heading">
      <h2 id="final-heading" className={styles.sectionTitle}>
        {t('confirm.finalHeading')}
      </h2>
      <dl className={styles.dl}>
        <dt>{t('confirm.quantity')}</dt>
        <dd>
          {bonus > 0
            ? t('confirm.quantityValue', { point: n(course.point), bonus: n(bonus), total: n(course.total_point) })
            : t('confirm.quantityPlain', { point: n(course.point) })}
        </dd>
        <dt>{t('confirm.price')}</dt>
        <dd>{t('confirm.priceValue', { value: n(course.price) })}</dd>
        <dt>{t('confirm.method')}</dt>
        <dd>{methodName}</dd>
        <dt>{t('confirm.timing')}</dt>
        <dd>{t(`confirm.timingValue.${when.pay}`)}</dd>
        <dt>{t('confirm.delivery')}</dt>
        <dd>{t(`confirm.deliveryValue.${when.delivery}`)}</dd>
        <dt>{t('confirm.expiry')}</dt>
        <dd>{t('confirm.expiryValue')}</dd>
        <dt>{t('confirm.refund')}</dt>
        <dd>{t('confirm.refundValue')}</dd>
      </dl>
      <p className={styles.muted}>{t('confirm.agreeNote')}</p>
      <nav aria-label={t('confirm.links')} className={styles.row}>
        <Link to="/point-terms-of-service" target="_blank" rel="noopener">
          {t('buyPoint.notation.terms')}
        </Link>
        <Link to="/specific-commerce" target="_blank" rel="noopener">
          {t('buyPoint.notation.commerce')}
        </Link>
        <Link to="/fund-settlement" target="_blank" rel="noopener">
          {t('buyPoint.notation.fund')}
        </Link>
      </nav>
    </section>
  );
}
