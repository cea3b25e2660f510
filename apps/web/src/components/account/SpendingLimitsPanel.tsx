import { useTranslation } from 'react-i18next';
import { isOk } from '../../api/client';
import { useSpendingLimits } from '../../api/payments';
import { useFormat } from '../../hooks/use-format';
import { CoolOffForm, MonthlyLimitForm } from './SpendingLimitForms';
import page from './MyPage.module.css';
import styles from './SpendingLimits.module.css';

/**
 * My Page's "ご利用上限 / Spending limits" (issue 19 §2): this month's purchases against the limits that apply,
 * the member's own limit with a raise waiting for its date, and the cool-off. The server enforces all of it.
 */
export function SpendingLimitsPanel() {
  const { t } = useTranslation('account');
  const { num, dateTime } = useFormat();
  const limits = useSpendingLimits();
  const d = isOk(limits.data) ? limits.data : undefined;
  const yen = (v: number | null) =>
    v === null ? t('spendingLimits.none') : t('spendingLimits.yen', { value: num(v) });

  return (
    <section className={`${page.panel} ${styles.panel}`} aria-labelledby="my-limits">
      <h2 id="my-limits" className={page.panelTitle}>
        {t('spendingLimits.title')}
      </h2>
      {!d ? (
        <p role={limits.isError ? 'alert' : undefined} className={page.empty}>
          {t(limits.isError ? 'myPage.loadError' : 'spendingLimits.loading')}
        </p>
      ) : (
        <>
          <dl className={styles.facts}>
            <dt>{t('spendingLimits.monthTotal')}</dt>
            <dd>{yen(d.month_total)}</dd>
            {d.band_cap !== null && (
              <>
                <dt>{t('spendingLimits.bandCap')}</dt>
                <dd>{yen(d.band_cap)}</dd>
              </>
            )}
            <dt>{t('spendingLimits.ownLimit')}</dt>
            <dd>{yen(d.monthly_limit)}</dd>
            {d.pending_effective_at && (
              <>
                <dt>{t('spendingLimits.pending')}</dt>
                <dd data-testid="pending-limit">
                  {t('spendingLimits.pendingValue', {
                    value: yen(d.pending_limit),
                    date: dateTime(d.pending_effective_at),
                  })}
                </dd>
              </>
            )}
            <dt>{t('spendingLimits.remaining')}</dt>
            <dd>{yen(d.remaining)}</dd>
            <dt>{t('spendingLimits.coolOff')}</dt>
            <dd data-testid="cool-off">
              {d.cool_off_until
                ? t('spendingLimits.coolOffUntil', { date: dateTime(d.cool_off_until) })
                : t('spendingLimits.none')}
            </dd>
          </dl>
          <MonthlyLimitForm key={`${d.monthly_limit}`} current={d} />
          <CoolOffForm />
        </>
      )}
    </section>
  );
}
