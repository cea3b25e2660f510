import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../api/account';
import { useCoinCourses } from '../../api/programmes';
import { CourseListBody } from '../../components/payment/CourseListBody';
import styles from '../../components/payment/Payment.module.css';
import { num } from '../../lib/format/datetime';

/**
 * /buy-coin (issue 11, ADR 0020): the coin courses. Each leads to the point-purchase confirm page, which buys a
 * coin course with the same payment methods.
 */
export function BuyCoinPage() {
  const { t } = useTranslation('programmes');
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const courses = useCoinCourses(page);
  const user = useCurrentUser();
  return (
    <section className={styles.page} aria-labelledby="buy-coin-title">
      <h1 id="buy-coin-title" className={styles.title}>
        {t('coin.title')}
      </h1>
      {user.data?.coin !== undefined && (
        <p>
          {t('coin.balance')}
          <strong data-testid="coin-balance">{t('coin.amount', { value: num(user.data.coin) })}</strong>
        </p>
      )}
      <p className={styles.lead}>{t('coin.lead')}</p>
      <CourseListBody query={courses} href={(id) => `/confirm-buy-point?pointPriceId=${id}`} empty={t('coin.empty')} />
      <p className={styles.muted}>{t('coin.note')}</p>
      <p>
        <Link to="/coin-history">{t('coin.history')}</Link>
      </p>
    </section>
  );
}
