import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getCurrentUser } from '../../api/account';
import { useMaintenanceNotice } from '../../api/site';
import { Logo } from '../../components/layout/Logo';
import styles from './MaintenancePage.module.css';

/**
 * The maintenance page (state 9999 sends every screen here). Reload asks the server again: back to the top page
 * once it answers normally, otherwise a short 'still in maintenance' note, so the page never flickers.
 */
export function MaintenancePage() {
  const { t, i18n } = useTranslation('top');
  const notice = useMaintenanceNotice().data;
  const message = notice?.on ? (i18n.language === 'en' ? notice.message_en : notice.message_ja) : '';
  const navigate = useNavigate();
  const [status, setStatus] = useState<'idle' | 'checking' | 'still' | 'offline'>('idle');
  const reload = async () => {
    setStatus('checking');
    const reply = await getCurrentUser();
    if (reply.networkError) setStatus('offline');
    else if (reply.state === 9999) setStatus('still');
    else void navigate('/', { replace: true });
  };
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <Logo className={styles.logo} />
        <div className={styles.gear} aria-hidden="true" />
        <h1 className={styles.title}>{t('maintenance.title')}</h1>
        <p className={styles.body}>{t('maintenance.body')}</p>
        {message ? (
          <p className={styles.body} data-testid="maintenance-message">
            {message}
          </p>
        ) : null}
        <button type="button" className={styles.button} onClick={() => void reload()} disabled={status === 'checking'}>
          {status === 'checking' ? t('maintenance.checking') : t('maintenance.reload')}
        </button>
        <p className={styles.status} role="status">
          {status === 'still' ? t('maintenance.still') : status === 'offline' ? t('maintenance.offline') : ''}
        </p>
      </div>
    </main>
  );
}
