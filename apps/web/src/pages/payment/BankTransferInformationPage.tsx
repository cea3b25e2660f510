import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useBankInfo } from '../../api/payments';
import { LoadState } from '../../components/payment/LoadState';
import { CopyButton } from '../../components/ui/CopyButton';
import { langOf } from '../../lib/format/datetime';
import { deadline, n } from '../../lib/payment/format';
import styles from '../../components/payment/Payment.module.css';

/** /bank-transfer-information: where to transfer (bank, number, name, price), within 3 days. */
export function BankTransferInformationPage() {
  const { t, i18n } = useTranslation('payment');
  const [params] = useSearchParams();
  const info = useBankInfo(params.get('payment_id') ?? '');
  const d = info.data;
  return (
    <section className={styles.page} aria-labelledby="bank-title">
      <h1 id="bank-title" className={styles.title}>
        {t('bankInfo.title')}
      </h1>
      {info.isPending ? (
        <LoadState />
      ) : !d || d.networkError || (d.state !== 200 && d.state !== 404) ? (
        <LoadState error onRetry={() => void info.refetch()} />
      ) : d.state === 404 || !d.number ? (
        <p className={styles.card}>{t('bankInfo.empty')}</p>
      ) : (
        <>
          <p>{t('bankInfo.lead')}</p>
          <div className={styles.card}>
            <dl className={styles.dl}>
              <dt>{t('bankInfo.bank')}</dt>
              <dd>
                {d.bank} {d.branch}
                <CopyButton text={`${d.bank ?? ''} ${d.branch ?? ''}`.trim()} what={t('bankInfo.bank')} />
              </dd>
              <dt>{t('bankInfo.number')}</dt>
              <dd>
                {d.account_type} {d.number}
                <CopyButton text={d.number} what={t('bankInfo.number')} />
              </dd>
              <dt>{t('bankInfo.name')}</dt>
              <dd>
                {d.name}
                {d.name && <CopyButton text={d.name} what={t('bankInfo.name')} />}
              </dd>
              <dt>{t('bankInfo.price')}</dt>
              <dd>
                {t('confirm.priceValue', { value: n(d.price ?? 0) })}
                <CopyButton text={String(d.price ?? 0)} what={t('bankInfo.price')} />
              </dd>
              {d.deadline && (
                <>
                  <dt>{t('confirmCombini.deadline')}</dt>
                  <dd>{deadline(d.deadline, langOf(i18n.language))}</dd>
                </>
              )}
            </dl>
          </div>
          <ul className={styles.notes}>
            <li>{t('bankInfo.deadline')}</li>
            <li>{t('bankInfo.hours')}</li>
            <li>{t('bankInfo.fee')}</li>
            <li>{t('bankInfo.cancelNote')}</li>
          </ul>
        </>
      )}
      <div className={styles.actions}>
        <Link className={styles.secondary} to="/payge-transfer-information">
          {t('bankInfo.toPayge')}
        </Link>
        <Link className={styles.secondary} to="/">
          {t('result.toTop')}
        </Link>
      </div>
    </section>
  );
}
