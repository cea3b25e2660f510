import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshCurrentUser } from '../../../api/account';
import { claimSnsCampaign, perkKeys, useSnsCampaign } from '../../../api/perks';
import { MailUnverifiedModal } from '../../../components/account/MailUnverifiedModal';
import { LoadState } from '../../../components/payment/LoadState';
import { useMailRefusal } from '../../../hooks/account/use-mail-refusal';
import { PageTitle } from '../../../components/ui/PageTitle';
import { refusal } from '../../../lib/perks/refusal';
import { PERKS_NS } from '../perks-i18n';
import styles from '../Perks.module.css';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { num } from '../../../lib/format/datetime';

/** /sns-campaign, the header's social-network promotion: follow, then claim the points once with the post's code. */
export function SnsCampaignPage() {
  const { t } = useTranslation(PERKS_NS);
  const query = useSnsCampaign();
  const qc = useQueryClient();
  const refreshUser = useRefreshCurrentUser();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const mail = useMailRefusal();
  const data = query.data?.state === 200 ? query.data : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const reply = await claimSnsCampaign(code);
    setBusy(false);
    if (reply.state === 200) {
      setError('');
      setMessage(t('sns.granted', { point: num(reply.point) }));
      await Promise.all([qc.invalidateQueries({ queryKey: perkKeys.sns() }), refreshUser()]);
    } else if (!mail.caught(reply)) setError(refusal(reply));
  };

  return (
    <section className={`${styles.page} ${styles.narrow}`} aria-labelledby="sns-title">
      <PageTitle id="sns-title" className={styles.title} subtitle={t('sns.subtitle')}>
        {t('sns.title')}
      </PageTitle>
      {!data ? (
        <LoadState error={query.isError} onRetry={() => void query.refetch()} />
      ) : data.active !== '1' ? (
        <p className={styles.card}>{t('sns.inactive')}</p>
      ) : (
        <div className={styles.card}>
          <p className={styles.lead}>{t('sns.lead', { point: num(data.point) })}</p>
          <a className={styles.secondary} href={data.follow_url} target="_blank" rel="noopener noreferrer">
            {t('sns.follow')}
          </a>
          {message && (
            <p className={styles.result} role="status">
              {message}
            </p>
          )}
          {data.claimed === '1' ? (
            <p className={styles.muted}>{t('sns.claimed')}</p>
          ) : (
            <form method="post" className={styles.field} onSubmit={(e) => void submit(e)}>
              <label className={styles.field}>
                {t('sns.codeLabel')}
                <input
                  name="code"
                  maxLength={40}
                  autoComplete="off"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
              </label>
              <p className={styles.error} role="alert">
                {error}
              </p>
              <SubmitButton className={styles.primary} disabled={busy || !code.trim()}>
                {t('sns.claim')}
              </SubmitButton>
            </form>
          )}
        </div>
      )}
      <MailUnverifiedModal message={mail.message} onClose={mail.close} />
    </section>
  );
}
