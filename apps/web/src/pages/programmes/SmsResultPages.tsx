import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AccountCard } from '../../components/account/AccountCard';
import styles from '../../components/account/AccountForm.module.css';
import { smsPath } from './SmsPage';
import { num } from '../../lib/format/datetime';

/** /sms/success: 'SMS認証が完了しました' with a back-to-top button (and the bonus, when one was granted). */
export function SmsSuccessPage() {
  const { t } = useTranslation('programmes');
  const bonus = Number((useLocation().state as { bonus?: number } | null)?.bonus ?? 0);
  return (
    <AccountCard
      titleId="sms-success-title"
      title={t('sms.successTitle')}
      lead={bonus > 0 ? t('sms.successBonus', { point: num(bonus) }) : undefined}
      role="status"
    >
      <div className={styles.actions}>
        <Link to="/" className={styles.primary}>
          {t('sms.toTop')}
        </Link>
      </div>
    </AccountCard>
  );
}

/**
 * /sms/error: 'コード認証に失敗しました' and 'the code does not match' (or the server's reason when it was another,
 * e.g. an expired code), with buttons to code entry (pageMode 1) and phone entry (pageMode 0).
 */
export function SmsErrorPage() {
  const { t } = useTranslation('programmes');
  const reason = (useLocation().state as { reason?: string } | null)?.reason;
  return (
    <AccountCard titleId="sms-error-title" title={t('sms.errorTitle')}>
      <p role="alert" className={styles.lead}>
        {reason ?? t('sms.errorMismatch')}
      </p>
      <div className={styles.actions}>
        <Link to={smsPath(1)} className={styles.primary}>
          {t('sms.toCodeEntry')}
        </Link>
        <Link to={smsPath(0)} className={styles.secondary}>
          {t('sms.toTelEntry')}
        </Link>
      </div>
    </AccountCard>
  );
}
