import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { SiteInfo } from '@oripa/core';
import {
  fillText,
  loadLegalDocument,
  placeholderValues,
  withSetSections,
  type LegalDocumentKey,
} from '../../i18n/legal';
import { LegalDocumentView } from './LegalDocumentView';
import { useSiteInfo } from '../../api/site';
import styles from './LegalDocument.module.css';

function useLegalDocument(lang: 'ja' | 'en', key: LegalDocumentKey) {
  return useQuery({
    queryKey: ['legalDocument', lang, key],
    queryFn: () => loadLegalDocument(lang, key),
    staleTime: Infinity,
    retry: 1,
  });
}

function Spinner() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}

/** Scrolls to the #anchor of the address once the document is on screen (it loads after the first render). */
function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [ready, hash]);
}

/**
 * A legal page: waits for the operator details (a spinner, never text without them), then shows the document in
 * the current language. If the details cannot be loaded, the document still shows with a 'contact us' fallback
 * in place of each missing value and a notice with a reload button.
 */
export function legalPage(key: LegalDocumentKey, titleKey: string) {
  function LegalPage() {
    const { t, i18n } = useTranslation(['legal', 'titles', 'common']);
    const lang = i18n.language === 'en' ? 'en' : 'ja';
    const siteInfo = useSiteInfo();
    const doc = useLegalDocument(lang, key);
    const title = t(titleKey, { ns: 'titles' });
    const shopName = t('shopName', { ns: 'common' });

    useEffect(() => {
      document.title = `${title} | ${shopName}`;
    }, [title, shopName]);

    const values = useMemo(
      () =>
        placeholderValues(
          siteInfo.data ?? null,
          lang,
          (h: SiteInfo['support_hours']) => t('supportHours', { ns: 'legal', open: h.open, close: h.close }),
          shopName,
        ),
      [siteInfo.data, lang, t, shopName],
    );
    const fill = useCallback((text: string) => fillText(text, values, t('fallback', { ns: 'legal' })), [values, t]);

    const ready = !siteInfo.isPending && doc.isSuccess;
    useScrollToHash(ready);

    if (doc.isError) {
      return (
        <div className={styles.page}>
          <div className={styles.alert} role="alert">
            <p>{t('documentError', { ns: 'legal' })}</p>
            <button type="button" className={styles.retry} onClick={() => void doc.refetch()}>
              {t('retry', { ns: 'legal' })}
            </button>
          </div>
        </div>
      );
    }
    if (!ready || !doc.data) return <Spinner />;

    return (
      <div className={styles.page}>
        {siteInfo.isError ? (
          <div className={styles.alert} role="alert">
            <p>{t('siteInfoError', { ns: 'legal' })}</p>
            <button type="button" className={styles.retry} onClick={() => void siteInfo.refetch()}>
              {t('retry', { ns: 'legal' })}
            </button>
          </div>
        ) : null}
        <LegalDocumentView doc={withSetSections(doc.data, values)} fill={fill} />
      </div>
    );
  }
  LegalPage.displayName = `LegalPage(${key})`;
  return LegalPage;
}
