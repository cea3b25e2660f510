import type { ShipmentStatus } from '@oripa/core/admin';
import { useTranslation } from 'react-i18next';

const TONE: Partial<Record<ShipmentStatus, 'ok' | 'danger'>> = { shipped: 'ok', held: 'danger', returned: 'danger' };

export function StatusBadge({ status }: { status: ShipmentStatus }) {
  const { t } = useTranslation('admin-fulfilment');
  return (
    <span className="a-badge" data-tone={TONE[status]}>
      {t(`status.${status}`)}
    </span>
  );
}
