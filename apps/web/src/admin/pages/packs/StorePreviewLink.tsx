import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isOk } from '../../../api/client';
import { fetchPackPreview } from '../../api/catalogue';

/** The signed link lives 30 minutes on the server; a fresh one is fetched well before, while the editor is open. */
const RELINK_MS = 20 * 60 * 1000;

/**
 * The preview step (issue 10: draft → preview → publish): the storefront's own pack page for this draft, as members
 * will see it, in a new tab, through a signed short-lived link (GET /api/admin/packs/:id/preview). It shows the
 * saved draft, so the label says so; the panel beside it previews unsaved edits.
 */
export function StorePreviewLink({ id }: { id: number }) {
  const { t } = useTranslation('admin-catalogue');
  const link = useQuery({
    queryKey: ['admin', 'pack', id, 'preview'],
    queryFn: () => fetchPackPreview(id),
    refetchInterval: RELINK_MS,
  });
  if (!isOk(link.data)) return null;
  return (
    <a className="a-button-link" href={link.data.url} target="_blank" rel="noreferrer" data-testid="store-preview">
      {t('storePreview')}
    </a>
  );
}
