import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCombiniSlip } from '../../api/payments';
import { LoadState } from '../../components/payment/LoadState';
import { CopyButton } from '../../components/ui/CopyButton';
import { langOf } from '../../lib/format/datetime';
import { deadline, n } from '../../lib/payment/format';
import styles from '../../components/payment/Payment.module.css';

/** /confirm-combini?paymentID={receipt}: the convenience-store payment slip and its link. */
export function ConfirmCombiniPage() {
  const { t, i18n } = useTranslation('payment');
  const [params] = useSearchParams();
  const receipt = params.get('paymentID') ?? '';
  const slip = useCombiniSlip(receipt);
  const d = slip.data;
  return (
    <section className={styles.page} aria-labelledby="combini-title">
      <h1 id="combini-title" className={styles.title}>
        {t('confirmCombini.title')}
      </h1>
      {!receipt ? (
        <p className={styles.card} role="alert">
          {t('confirmCombini.missing')}
        </p>
      ) : slip.isPending || slip.isError || !d ? (
        slip.isError ? (
          <div className={styles.card} role="alert">
            <p>{t('result.combiniFailed')}</p>
            <button type="button" className={styles.secondary} onClick={() => void slip.refetch()}>
              {t('retry')}
            </button>
          </div>
        ) : (
          <LoadState />
        )
      ) : (
        <>
          <p>{t('confirmCombini.lead')}</p>
          <div className={styles.card}>
            <dl className={styles.dl}>
              <dt>{t('confirmCombini.receipt')}</dt>
              <dd>
                {d.receipt ?? receipt}
                <CopyButton text={d.receipt ?? receipt} what={t('confirmCombini.receipt')} />
              </dd>
              <dt>{t('combini.legend')}</dt>
              <dd>{d.store ? t(`combini.${d.store}`) : ''}</dd>
              <dt>{t('confirm.price')}</dt>
              <dd>{t('confirm.priceValue', { value: n(d.price ?? 0) })}</dd>
              <dt>{t('confirmCombini.deadline')}</dt>
              <dd>{d.deadline ? deadline(d.deadline, langOf(i18n.language)) : t('confirmCombini.deadlineValue')}</dd>
            </dl>
            {d.url && (
              <div className={styles.actions}>
                <a className={styles.primary} href={d.url} target="_blank" rel="noopener noreferrer">
                  {t('confirmCombini.slip')}
                </a>
              </div>
            )}
            <p className={styles.muted}>{t('confirmCombini.slipNote')}</p>
          </div>
          <p className={styles.muted}>{t('confirmCombini.expiredNote')}</p>
        </>
      )}
      <div className={styles.actions}>
        <Link className={styles.secondary} to="/">
          {t('result.toTop')}
        </Link>
      </div>
    </section>
  );
}
