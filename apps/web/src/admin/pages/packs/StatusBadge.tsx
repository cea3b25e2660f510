import type { AdminPackStatus } from '@oripa/core/admin';
import { useTranslation } from 'react-i18next';

const TONE: Partial<Record<AdminPackStatus, string>> = { on_sale: 'ok', closed: 'danger', sold_out: 'danger' };

/** A pack's lifecycle state, as a badge. */
export function StatusBadge({ status }: { status: AdminPackStatus }) {
  const { t } = useTranslation('admin-catalogue');
  return (
    <span className="a-badge" data-tone={TONE[status]} data-testid="pack-status">
      {t(`statuses.${status}`)}
    </span>
  );
}
