import type { UserDetail } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CurrentUserReply } from '../../api/account';
import styles from './MyPage.module.css';
import { num } from '../../lib/format/datetime';

/** Who the member is and what they hold: name, contact, points, coins and rank. */
export function AccountSummary({
  user,
  detail,
  onEditProfile,
}: {
  user: CurrentUserReply;
  detail: UserDetail;
  onEditProfile: () => void;
}) {
  const { t, i18n } = useTranslation('account');
  const name =
    i18n.language === 'en'
      ? [detail.firstName, detail.middleName, detail.lastName].filter(Boolean).join(' ')
      : t('myPage.nameValue', { last: detail.lastName, first: detail.firstName });
  const number = (v: string | number | undefined) => num(v ?? 0);
  return (
    <section className={styles.panel} aria-labelledby="my-account">
      <h2 id="my-account" className={styles.panelTitle}>
        {t('myPage.account')}
      </h2>
      <div className={styles.balances}>
        <div className={styles.balance}>
          <span className={styles.balanceLabel}>{t('myPage.points')}</span>
          <span className={styles.balanceValue} data-testid="my-points">
            {number(user.point)}
            <small>P</small>
          </span>
        </div>
        <div className={styles.balance}>
          <span className={styles.balanceLabel}>{t('myPage.coins')}</span>
          <span className={styles.balanceValue}>{t('myPage.coinValue', { value: number(user.coin) })}</span>
        </div>
        <div className={styles.balance}>
          <span className={styles.balanceLabel}>{t('myPage.rank')}</span>
          <span className={styles.rank} style={{ borderColor: user.rank_color || undefined }}>
            {user.rank_name}
          </span>
        </div>
      </div>
      <Link to="/buy-point" className={styles.buyPoint}>
        {t('myPage.buyPoint')}
      </Link>
      <dl className={styles.facts}>
        <dt>{t('myPage.name')}</dt>
        <dd>{name}</dd>
        <dt>{t('myPage.mail')}</dt>
        <dd>{detail.mail}</dd>
        <dt>{t('myPage.tel')}</dt>
        <dd>{detail.tel}</dd>
        {detail.referral_code && (
          <>
            <dt>{t('myPage.referralCode')}</dt>
            <dd className={styles.code}>{detail.referral_code}</dd>
          </>
        )}
      </dl>
      <button type="button" className={styles.panelButton} onClick={onEditProfile}>
        {t('myPage.editProfile')}
      </button>
    </section>
  );
}
