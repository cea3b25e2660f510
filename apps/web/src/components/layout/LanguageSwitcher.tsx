import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../../i18n';
import styles from './LanguageSwitcher.module.css';

const LANGS = ['ja', 'en'] as const;

/**
 * Japanese / English toggle. i18n/index.ts remembers the choice (localStorage and the `lang` cookie the server
 * reads); the cached server replies are refetched so server-made text (card-type names, messages) follows.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('layout');
  const qc = useQueryClient();
  const current = i18n.language === 'en' ? 'en' : 'ja';
  const choose = (lang: (typeof LANGS)[number]) => {
    if (lang === current) return;
    void switchLanguage(lang).then(() => qc.invalidateQueries());
  };
  return (
    <div className={`${styles.switcher} ${className ?? ''}`} role="group" aria-label={t('lang.label')}>
      {LANGS.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          className={styles.option}
          aria-pressed={current === lang}
          // The name starts with what is shown (WCAG 2.5.3: saying 'EN' works for voice control), then the full name.
          aria-label={`${t(`lang.${lang}Short`)} ${t(`lang.${lang}`)}`}
          onClick={() => choose(lang)}
        >
          {t(`lang.${lang}Short`)}
        </button>
      ))}
    </div>
  );
}
