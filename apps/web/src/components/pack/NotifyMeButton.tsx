import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLoggedIn, useCurrentUser } from '../../api/account';
import { firstError } from '../../api/client';
import { useSaleStartNoticeActions, useSaleStartNotices } from '../../api/sale-start-notices';
import { useHydrated } from '../../hooks/use-hydrated';
import { turnDevicePushOn } from '../../lib/pwa/push-subscription';
import styles from './NotifyMe.module.css';

/**
 * "Notify me when the sale starts" on a pack whose start is still ahead (issue 22 §4, ADR 0051). A tap subscribes
 * this device to Web Push where the browser allows it (else the notice comes by mail) and records the request; a
 * second tap withdraws it. A guest is offered the login.
 */
export function NotifyMeButton({ packId }: { packId: number }) {
  const { t } = useTranslation('pack');
  const loggedIn = isLoggedIn(useCurrentUser().data);
  const notices = useSaleStartNotices(loggedIn);
  const actions = useSaleStartNoticeActions();
  const [busy, setBusy] = useState(false);
  // Drawn by the server inside a lazy boundary: until its own code has taken it over, a tap would reach no handler.
  const hydrated = useHydrated();
  const [via, setVia] = useState<'push' | 'mail' | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!loggedIn) {
    return (
      <div className={styles.box}>
        <p className={styles.hint}>
          <Link className={styles.login} to="/login">
            {t('notify.login')}
          </Link>
        </p>
      </div>
    );
  }
  const requested = notices?.notices.some((n) => n.packId === packId) ?? false;

  const act = async (fn: () => Promise<{ state: number; errors?: Record<string, string[]> }>) => {
    setBusy(true);
    setError(null);
    try {
      const reply = await fn();
      if (reply.state !== 200)
        setError(firstError(reply, 'packId') ?? firstError(reply, 'general') ?? t('notify.error'));
      return reply.state === 200;
    } catch {
      setError(t('notify.error'));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const ask = async () => {
    let pushed = false;
    const ok = await act(async () => {
      pushed = await turnDevicePushOn(notices?.vapidPublicKey ?? null);
      return actions.request(packId);
    });
    if (ok) setVia(pushed ? 'push' : 'mail');
  };
  const cancel = async () => {
    if (await act(() => actions.cancel(packId))) setVia(null);
  };

  return (
    <div className={styles.box} data-testid="notify-me">
      {requested ? (
        <>
          <p className={styles.status} role="status">
            {t(via === 'push' ? 'notify.onPush' : via === 'mail' ? 'notify.onMail' : 'notify.on')}
          </p>
          <button type="button" className={styles.undo} onClick={() => void cancel()} disabled={busy || !hydrated}>
            {t('notify.cancel')}
          </button>
        </>
      ) : (
        <>
          <button
            type="button"
            className={styles.button}
            onClick={() => void ask()}
            disabled={busy || !notices || !hydrated}
          >
            {t('notify.ask')}
          </button>
          <p className={styles.hint}>{t('notify.hint')}</p>
        </>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
