import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSaleStartNoticeActions, useSaleStartNotices } from '../../api/sale-start-notices';
import { dateTime, langOf } from '../../lib/format/datetime';
import { useBrowserValue } from '../../hooks/use-browser-value';
import { devicePushOn, pushSupported, turnDevicePushOff, turnDevicePushOn } from '../../lib/pwa/push-subscription';
import panel from './MyPage.module.css';
import styles from './SaleStartNotices.module.css';

/**
 * My Page's sale-start notices (issue 22 §4, ADR 0051): the packs the member asked about, each removable in one
 * tap, and Web Push on or off for this device (the member's other devices keep their own setting). The mails and
 * pushes link here (#notices).
 */
export function SaleStartNoticesPanel() {
  const { t, i18n } = useTranslation('account');
  const lang = langOf(i18n.language);
  const notices = useSaleStartNotices(true);
  const actions = useSaleStartNoticeActions();
  const [push, setPush] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState(false);
  const supported = useBrowserValue(pushSupported, false) && Boolean(notices?.vapidPublicKey);

  useEffect(() => {
    void devicePushOn().then(setPush);
  }, []);

  const toggle = async () => {
    setBusy(true);
    try {
      if (push) {
        await turnDevicePushOff();
        setPush(false);
      } else {
        const on = await turnDevicePushOn(notices?.vapidPublicKey ?? null);
        setPush(on);
        setRefused(!on);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section id="notices" className={panel.panel} aria-labelledby="my-notices">
      <h2 id="my-notices" className={panel.panelTitle}>
        {t('notices.title')}
      </h2>
      {notices && notices.notices.length === 0 && <p className={panel.empty}>{t('notices.empty')}</p>}
      {notices && notices.notices.length > 0 && (
        <ul className={styles.list}>
          {notices.notices.map((n) => (
            <li key={n.packId} className={styles.item}>
              <span className={styles.what}>
                <Link to={`/pack-detail?packId=${n.packId}`}>{n.name}</Link>
                <span className={styles.when}>{t('notices.startsAt', { date: dateTime(n.startDate, lang) })}</span>
              </span>
              <button
                type="button"
                className={styles.remove}
                aria-label={t('notices.removeOne', { name: n.name })}
                onClick={() => void actions.cancel(n.packId)}
              >
                {t('notices.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.device}>
        <span className={styles.deviceText}>
          <span>{t('notices.device')}</span>
          <span className={styles.dim} data-testid="device-push">
            {!supported
              ? t('notices.deviceUnavailable')
              : push
                ? t('notices.deviceOn')
                : t(refused ? 'notices.deviceRefused' : 'notices.deviceOff')}
          </span>
        </span>
        {supported && push !== null && (
          <button type="button" className={styles.remove} onClick={() => void toggle()} disabled={busy}>
            {push ? t('notices.turnOff') : t('notices.turnOn')}
          </button>
        )}
      </div>
    </section>
  );
}
