import { rankBonusPercent } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCourses } from '../../api/payments';
import { useCurrentUser } from '../../api/account';
import { CourseCard } from '../../components/payment/CourseCard';
import { LoadState } from '../../components/payment/LoadState';
import { NotationButtons } from '../../components/payment/NotationButtons';
import styles from '../../components/payment/Payment.module.css';
import { Pager } from '../../components/ui/Pager';

/** /buy-point (optional productId, and packId from the insufficient-points modal): the point courses. */
export function BuyPointPage() {
  const { t } = useTranslation('payment');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const packId = params.get('packId') ?? '';
  const productId = params.get('productId') ?? '';
  const courses = useCourses(page);
  const user = useCurrentUser();
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
          <strong>{t('points', { value: Number(user.data.point).toLocaleString('ja-JP') })}</strong>
        </p>
      )}
      {packId && <p className={styles.notice}>{t('buyPoint.packNotice')}</p>}
      <p className={styles.lead}>{t('buyPoint.lead')}</p>
      {bonus > 0 && <p className={styles.success}>{t('buyPoint.rankActive', { percent: bonus })}</p>}
      {courses.isPending || courses.isError ? (
        <LoadState error={courses.isError} onRetry={() => void courses.refetch()} />
      ) : list.length === 0 ? (
        <p className={styles.card}>{t('buyPoint.empty')}</p>
      ) : (
        <ul className={styles.courseList}>
          {list.map((c) => (
            <CourseCard key={c.id} course={c} href={carry(c.id)} />
          ))}
        </ul>
      )}
      {courses.data?.page && (
        <Pager
          page={courses.data.page}
          onPage={(p) =>
            setParams((prev) => {
              const next = new URLSearchParams(prev);
              next.set('page', String(p));
              return next;
            })
          }
        />
      )}
      <p className={styles.muted}>{t('buyPoint.validity')}</p>
      <NotationButtons />
    </section>
  );
}
