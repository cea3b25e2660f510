import type { SaleStartOffReply } from '@oripa/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { apiPost, firstError, isOk, type Reply } from '../../api/client';
import { AccountCard } from '../../components/account/AccountCard';
import styles from '../../components/account/AccountForm.module.css';

// `retry`: whether pressing again could help (a lost connection), unlike a key the shop refused or a cut link.
type Outcome = { requests: number; devices: number } | { error: string; retry: boolean };

/**
 * The page a sale-start mail's "stop these notices" link opens (/notices/off?key=…; issue 22 §4): public, since the
 * signed key is the permission, and one tap to stop (a POST: mail scanners open links, and opening changes nothing).
 * It stops every sale-start notice still to come and this member's pushes; My Page turns them on again.
 */
export function NoticesOffPage() {
  const { t } = useTranslation(['account', 'common']);
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const [busy, setBusy] = useState(false);
  // A link cut short by the mail program has no key: say so at once rather than offer a button that cannot work.
  const [outcome, setOutcome] = useState<Outcome | undefined>(() =>
    key ? undefined : { error: t('noticesOff.noKey'), retry: false },
  );

  const stop = async () => {
    setBusy(true);
    const reply = await apiPost<Reply<SaleStartOffReply>>('/user/pack/notify/off', { key });
    setBusy(false);
    if (isOk(reply)) setOutcome({ requests: reply.requests, devices: reply.devices });
    else
      setOutcome({
        error: reply.networkError
          ? t('communicationError', { ns: 'common' })
          : (firstError(reply, 'key') ?? firstError(reply, 'general') ?? t('noticesOff.failed')),
        retry: Boolean(reply.networkError),
      });
  };

  if (outcome && 'requests' in outcome)
    return (
      <AccountCard
        titleId="notices-off-title"
        title={t('noticesOff.doneTitle')}
        lead={
          outcome.requests + outcome.devices === 0
            ? t('noticesOff.already')
            : t('noticesOff.done', { count: outcome.requests })
        }
        role="status"
      >
        <div className={styles.actions}>
          <Link to="/my-page#notices" className={styles.secondary}>
            {t('noticesOff.toMyPage')}
          </Link>
        </div>
      </AccountCard>
    );
  return (
    <AccountCard titleId="notices-off-title" title={t('noticesOff.title')} lead={t('noticesOff.lead')}>
      {outcome && (
        <p role="alert" className={styles.lead}>
          {outcome.error}
        </p>
      )}
      <div className={styles.actions}>
        {(!outcome || outcome.retry) && (
          <button type="button" className={styles.primary} onClick={() => void stop()} disabled={busy}>
            {busy ? t('noticesOff.busy') : t('noticesOff.stop')}
          </button>
        )}
        <Link to="/my-page#notices" className={styles.secondary}>
          {t('noticesOff.toMyPage')}
        </Link>
      </div>
    </AccountCard>
  );
}
