import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { combiniChain, type CombiniSlipReply } from '@oripa/core';
import { useCombiniSlip } from '../../api/payments';
import { LoadState } from '../../components/payment/LoadState';
import { CopyButton } from '../../components/ui/CopyButton';
import { langOf } from '../../lib/format/datetime';
import { deadline, n } from '../../lib/payment/format';
import styles from '../../components/payment/Payment.module.css';

/** What the slip page says of a payment that is no longer waiting for the store: paid, or closed unpaid. */
function settledNotice(status: CombiniSlipReply['status']): 'paid' | 'expired' | 'closed' | null {
  if (status === 'succeeded') return 'paid';
  if (status === 'expired') return 'expired';
  if (status === 'failed' || status === 'cancelled') return 'closed';
  return null;
}

/**
 * /confirm-combini?paymentID={receipt}: the convenience-store payment slip and its link, with what the buyer's
 * chain asks for (the number to give or type, a confirmation number at the terminal chains, the steps at the store).
 * Opened again later, it says whether the payment arrived or the order closed unpaid.
 */
export function ConfirmCombiniPage() {
  const { t, i18n } = useTranslation('payment');
  const [params] = useSearchParams();
  const receipt = params.get('paymentID') ?? '';
  const slip = useCombiniSlip(receipt);
  const d = slip.data;
  const lang = langOf(i18n.language);
  const chain = d?.store ? combiniChain(d.store) : undefined;
  const settled = settledNotice(d?.status);
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
          {settled ? (
            <p className={`${styles.card} ${settled === 'paid' ? styles.success : styles.error}`} role="status">
              {t(`confirmCombini.settled.${settled}`)}
            </p>
          ) : (
            <p>{t('confirmCombini.lead')}</p>
          )}
          <div className={styles.card}>
            <dl className={styles.dl}>
              <dt>{t(`confirmCombini.number.${d.instruction ?? 'receipt_number'}`)}</dt>
              <dd>
                {d.receipt ?? receipt}
                <CopyButton
                  text={d.receipt ?? receipt}
                  what={t(`confirmCombini.number.${d.instruction ?? 'receipt_number'}`)}
                />
              </dd>
              {d.confirmation && (
                <>
                  <dt>{t('confirmCombini.confirmation')}</dt>
                  <dd>
                    {d.confirmation}
                    <CopyButton text={d.confirmation} what={t('confirmCombini.confirmation')} />
                  </dd>
                </>
              )}
              <dt>{t('combini.legend')}</dt>
              <dd>{d.store ? t(`combini.${d.store}`) : ''}</dd>
              <dt>{t('confirm.price')}</dt>
              <dd>{t('confirm.priceValue', { value: n(d.price ?? 0) })}</dd>
              <dt>{t('confirmCombini.deadline')}</dt>
              <dd>{d.deadline ? deadline(d.deadline, langOf(i18n.language)) : t('confirmCombini.deadlineValue')}</dd>
            </dl>
            {!settled && chain && (
              <>
                <h2 className={styles.sectionTitle}>{t('confirmCombini.howTitle', { store: chain.name[lang] })}</h2>
                <ol className={styles.steps}>
                  {chain.steps[lang].map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
              </>
            )}
            {d.url && !settled && (
              <div className={styles.actions}>
                <a className={styles.primary} href={d.url} target="_blank" rel="noopener noreferrer">
                  {t('confirmCombini.slip')}
                </a>
              </div>
            )}
            {!settled && <p className={styles.muted}>{t('confirmCombini.slipNote')}</p>}
          </div>
          {!settled && <p className={styles.muted}>{t('confirmCombini.expiredNote')}</p>}
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
