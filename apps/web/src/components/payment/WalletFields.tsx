import { useTranslation } from 'react-i18next';
import styles from './Payment.module.css';

/** Wallets (pay ids 3, 5, 8, 9, 12): approval happens on the wallet's own page. The retailer wallet (5) comes back
 * with a checkout session whose chosen payment method is shown here. */
export function WalletFields({ sessionMethod, error }: { sessionMethod?: string; error?: string }) {
  const { t } = useTranslation('payment');
  return (
    <div className={styles.fieldset}>
      {sessionMethod ? (
        <p className={styles.success}>{t('wallet.sessionMethod', { method: sessionMethod })}</p>
      ) : (
        <p className={styles.muted}>{t('wallet.note')}</p>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
