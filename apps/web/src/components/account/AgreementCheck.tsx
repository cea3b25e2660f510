import { useTranslation } from 'react-i18next';
import styles from './AccountForm.module.css';

/** The terms and privacy agreement in front of the registration confirm button; both links open a new tab. */
export function AgreementCheck({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  const { t } = useTranslation('account');
  return (
    <label className={styles.check}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        {t('register.agreeBefore')}
        <a href="/terms/" target="_blank" rel="noopener noreferrer">
          {t('register.terms')}
          <span className="visually-hidden">{t('register.newTab')}</span>
        </a>
        {t('register.and')}
        <a href="/policy/" target="_blank" rel="noopener noreferrer">
          {t('register.policy')}
          <span className="visually-hidden">{t('register.newTab')}</span>
        </a>
        {t('register.agreeAfter')}
      </span>
    </label>
  );
}
