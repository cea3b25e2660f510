import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../../../i18n';

/** The sign-in pages' frame: one box, the title also as the document title, a language switch. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t, i18n } = useTranslation('admin-common');
  const other = i18n.language === 'en' ? 'ja' : 'en';
  useEffect(() => {
    document.title = `${title} | ${t('console')}`;
  }, [title, t]);
  return (
    <main className="a-auth">
      <div className="a-auth-box">
        <p className="a-row" style={{ justifyContent: 'space-between', marginTop: 0 }}>
          <strong>{t('console')}</strong>
          <button type="button" className="a-link-button" lang={other} onClick={() => void switchLanguage(other)}>
            {other === 'en' ? 'English' : '日本語'}
          </button>
        </p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** Where to go after signing in: a console path from ?back=, else the console's start. */
export function safeBack(raw: string | null): string {
  return raw && /^\/admin(\/|$|\?)/.test(raw) && !raw.startsWith('//') ? raw : '/admin';
}
