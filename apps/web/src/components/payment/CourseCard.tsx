import { rankBonusPercent, type PointCourse } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './CourseCard.module.css';
import { num } from '../../lib/format/datetime';

const n = num;

/**
 * One point course: points, the rank bonus (bonus % = discount × 100 − 100), price, memo and the buy link. A coin
 * course (issue 11) shows coins and never a bonus.
 */
export function CourseCard({ course, href }: { course: PointCourse; href: string }) {
  const { t } = useTranslation('payment');
  const percent = rankBonusPercent(course.discount);
  const coin = course.currency === 'coin';
  return (
    <li className={styles.course}>
      <div className={styles.main}>
        <p className={styles.point}>
          {coin ? t('coinAmount', { value: n(course.point) }) : t('points', { value: n(course.point) })}
        </p>
        {course.append_point > 0 && (
          <p className={styles.bonus}>{t('buyPoint.rankBonus', { value: n(course.append_point), percent })}</p>
        )}
        <div className={styles.badges}>
          {percent > 0 && <span className={styles.badge}>{t('buyPoint.discount')}</span>}
          {course.pointPriceUseCoupon === '1' && <span className={styles.coupon}>{t('buyPoint.coupon')}</span>}
        </div>
        {course.memo && <p className={styles.memo}>{course.memo}</p>}
      </div>
      <div className={styles.side}>
        <p className={styles.price}>{t('buyPoint.price', { value: n(course.price) })}</p>
        <Link
          className={styles.buy}
          to={href}
          aria-label={
            coin
              ? t('coinBuyLabel', { value: n(course.point), price: n(course.price) })
              : t('buyPoint.buyLabel', { point: n(course.point), price: n(course.price) })
          }
        >
          {t('buyPoint.buy')}
        </Link>
      </div>
    </li>
  );
}
