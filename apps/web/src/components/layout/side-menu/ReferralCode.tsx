import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './SideMenu.module.css';

const COPIED_MS = 2000;

/** The member's referral code with a copy button that says 'copied'; a failed copy is only logged (spec). */
export function ReferralCode({ code }: { code: string }) {
  const { t } = useTranslation('layout');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(id);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch (error) {
      console.error('referral code copy failed', error);
    }
  };
  return (
    <section className={styles.section} aria-labelledby="side-menu-referral">
      <h3 id="side-menu-referral" className={styles.sectionTitle}>
        {t('menu.referral.title')}
      </h3>
      <div className={styles.referral}>
        <code className={styles.code}>{code}</code>
        <button
          type="button"
          className={styles.secondaryButton}
          onClick={() => void copy()}
          aria-label={t('menu.referral.copyLabel')}
        >
          {t('menu.referral.copy')}
        </button>
      </div>
      <p className={styles.copied} role="status" aria-live="polite">
        {copied ? t('menu.referral.copied') : ''}
      </p>
      <p className={styles.note}>{t('menu.referral.hint')}</p>
    </section>
  );
}
