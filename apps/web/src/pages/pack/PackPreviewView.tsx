import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { failed, usePackPreview } from '../../api/packs';
import { usePageMeta } from '../../hooks/use-page-meta';
import { PackDetailContent } from './PackDetailContent';
import { PackDetailSkeleton } from './PackDetailSkeleton';
import { PACK_PREVIEW_NS } from './pack-preview-i18n';
import styles from './PackDetailPage.module.css';
import page from './PackPages.module.css';

/**
 * /pack-detail?preview=<token>: a draft as members will see its page, for the staff member whose console made the
 * signed, short-lived link (GET /api/admin/packs/:id/preview). A bar says it is a preview and not on sale; there are
 * no draw buttons and no purchase dialogs, and the server shows the draft with an id no pack has. An expired or
 * altered link is the ordinary "not found".
 */
export function PackPreviewView({ token }: { token: string }) {
  const { t } = useTranslation([PACK_PREVIEW_NS, 'pack']);
  const { data, isPending } = usePackPreview(token);
  usePageMeta(data?.detail ? t('title', { name: data.detail.name }) : '', '');
  if (isPending) return <PackDetailSkeleton />;
  if (failed(data) || !data?.detail) {
    return (
      <section className={page.page}>
        <p className={page.alert} role="alert">
          {t('expired')}
        </p>
        <div className={page.actions}>
          <Link className={page.primary} to="/">
            {t('pack:backToTop')}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <div className={page.page}>
      <p className={styles.previewBar} role="status" data-testid="preview-bar">
        <strong>{t('bar')}</strong> {t('note')}
      </p>
      <PackDetailContent pack={data.detail} fairness={false} buy={<p className={page.dim}>{t('notOnSale')}</p>} />
    </div>
  );
}
