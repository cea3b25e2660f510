import { rankBonusPercent } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { useCourses } from '../../api/payments';
import { useCurrentUser } from '../../api/account';
import { CourseListBody } from '../../components/payment/CourseListBody';
import { NotationButtons } from '../../components/payment/NotationButtons';
import styles from '../../components/payment/Payment.module.css';
import { num } from '../../lib/format/datetime';

/** /buy-point (optional productId, and packId from the insufficient-points modal): the point courses. */
export function BuyPointPage() {
  const { t } = useTranslation('payment');
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const packId = params.get('packId') ?? '';
  const productId = params.get('productId') ?? '';
  const courses = useCourses(page);
  const user = useCurrentUser();
  // A message handed over by the page that sent the member here (the side menu's coupon entry).
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const list = courses.data?.list ?? [];
  const carry = (id: number) => {
    const q = new URLSearchParams({ pointPriceId: String(id) });
    if (packId) q.set('packId', packId);
    if (productId) q.set('productId', productId);
    return `/confirm-buy-point?${q.toString()}`;
  };
  const bonus = list[0] && courses.data?.is_discount === '1' ? rankBonusPercent(list[0].discount) : 0;
  return (
    <section className={styles.page} aria-labelledby="buy-point-title">
      <h1 id="buy-point-title" className={styles.title}>
        {t('buyPoint.title')}
      </h1>
      {user.data?.point !== undefined && (
        <p>
          {t('balance')}
          <strong>{t('points', { value: num(user.data.point) })}</strong>
        </p>
      )}
      {typeof notice === 'string' && notice && (
        <p className={styles.success} role="status">
          {notice}
        </p>
      )}
      {packId && <p className={styles.notice}>{t('buyPoint.packNotice')}</p>}
      <p className={styles.lead}>{t('buyPoint.lead')}</p>
      {bonus > 0 && <p className={styles.success}>{t('buyPoint.rankActive', { percent: bonus })}</p>}
      <CourseListBody query={courses} href={carry} empty={t('buyPoint.empty')} />
      <p className={styles.muted}>{t('buyPoint.validity')}</p>
      <NotationButtons />
    </section>
  );
}
