import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useRefreshCurrentUser } from '../../../api/account';
import { linkMessagingApp, perkKeys, takeDailyDraw, useDailyDraw } from '../../../api/perks';
import { MailUnverifiedModal } from '../../../components/account/MailUnverifiedModal';
import { LoadState } from '../../../components/payment/LoadState';
import { useMailRefusal } from '../../../hooks/account/use-mail-refusal';
import { PageTitle } from '../../../components/ui/PageTitle';
import { refusal } from '../../../lib/perks/refusal';
import { PERKS_NS } from '../perks-i18n';
import styles from '../Perks.module.css';
import { percent } from '../../../lib/format/plain-format';
import { num } from '../../../lib/format/datetime';

/**
 * /daily-draw, the header's messaging-app promotion: link LINE (its login comes back here with code and state),
 * then one free draw per Japan day from the published prize table; the day's seed hash is shown before the draw
 * and earlier days' seeds after, so anyone can recompute the results (ADR 0024).
 */
export function DailyDrawPage() {
  const { t } = useTranslation(PERKS_NS);
  const [params, setParams] = useSearchParams();
  const query = useDailyDraw();
  const qc = useQueryClient();
  const refreshUser = useRefreshCurrentUser();
  const [busy, setBusy] = useState(false);
  const [won, setWon] = useState<number | null>(null);
  const linking = useRef(false);
  const mail = useMailRefusal();
  const fmt = (n: number) => num(n);
  const refresh = () => qc.invalidateQueries({ queryKey: perkKeys.dailyDraw() });

  // Back from the messaging app's login: hand code and state to the server once, then clean the address.
  const code = params.get('code');
  const state = params.get('state');
  useEffect(() => {
    if (!code || !state || linking.current) return;
    linking.current = true;
    void linkMessagingApp(code, state).then(async (reply) => {
      if (reply.state !== 200) window.alert(refusal(reply));
      setParams({}, { replace: true });
      linking.current = false;
      await refresh();
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per callback address
  }, [code, state]);

  const draw = async () => {
    if (busy) return;
    setBusy(true);
    const reply = await takeDailyDraw();
    setBusy(false);
    if (reply.state === 200) setWon(reply.point ?? 0);
    else if (!mail.caught(reply)) window.alert(refusal(reply));
    await Promise.all([refresh(), refreshUser()]);
  };

  const data = query.data?.state === 200 ? query.data : undefined;
  const total = data?.table?.reduce((s, p) => s + p.weight, 0) ?? 1;
  return (
    <section className={`${styles.page} ${styles.narrow}`} aria-labelledby="daily-title">
      <PageTitle id="daily-title" className={styles.title} subtitle={t('daily.subtitle')}>
        {t('daily.title')}
      </PageTitle>
      <p className={styles.lead}>{t('daily.lead')}</p>
      {code ? (
        <p className={styles.card} role="status">
          {t('daily.linking')}
        </p>
      ) : !data ? (
        <LoadState error={query.isError} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <div className={styles.card}>
            {data.linked !== '1' ? (
              <a className={`${styles.primary} ${styles.line}`} href={data.link_url}>
                {t('daily.link')}
              </a>
            ) : (
              <>
                <p className={styles.muted}>{t('daily.linkedNote')}</p>
                {won !== null && (
                  <p className={styles.result} role="status">
                    {won > 0 ? t('daily.won', { point: fmt(won) }) : t('daily.lost')}
                  </p>
                )}
                {data.drawn_today === '1' ? (
                  <>
                    {won === null && (
                      <p className={styles.result}>{t('daily.todayResult', { point: fmt(data.today_point ?? 0) })}</p>
                    )}
                    <p className={styles.muted}>{t('daily.drawn')}</p>
                  </>
                ) : (
                  <button type="button" className={styles.primary} disabled={busy} onClick={() => void draw()}>
                    {t('daily.draw')}
                  </button>
                )}
              </>
            )}
          </div>
          <section className={styles.card} aria-labelledby="daily-table">
            <h2 id="daily-table" className={styles.sectionTitle}>
              {t('daily.tableTitle')}
            </h2>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('daily.prize')}</th>
                  <th scope="col">{t('daily.chance')}</th>
                </tr>
              </thead>
              <tbody>
                {data.table?.map((p) => (
                  <tr key={p.point}>
                    <td>{p.point > 0 ? t('daily.prizePoint', { point: fmt(p.point) }) : t('daily.none')}</td>
                    <td>{percent(p.weight / total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section className={styles.card} aria-labelledby="daily-fair">
            <h2 id="daily-fair" className={styles.sectionTitle}>
              {t('daily.fairnessTitle')}
            </h2>
            <p className={styles.muted}>{t('daily.fairnessLead')}</p>
            <dl className={styles.field}>
              <dt>{t('daily.digest')}</dt>
              <dd className={styles.hash}>{data.table_digest}</dd>
              <dt>{t('daily.commitment')}</dt>
              <dd className={styles.hash}>{data.commitment}</dd>
              <dt>{t('daily.algorithm')}</dt>
              <dd className={styles.hash}>{data.algorithm}</dd>
            </dl>
            {data.revealed && data.revealed.length > 0 && (
              <table className={styles.table}>
                <caption className={styles.muted}>{t('daily.revealed')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('daily.day')}</th>
                    <th scope="col">{t('daily.seed')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.revealed.map((s) => (
                    <tr key={s.day}>
                      <td>{s.day}</td>
                      <td className={styles.hash}>{s.seed}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
      <MailUnverifiedModal message={mail.message} onClose={mail.close} />
    </section>
  );
}
