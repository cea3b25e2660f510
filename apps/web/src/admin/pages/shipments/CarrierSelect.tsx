import { CARRIER_KEYS, type Carrier } from '@oripa/core/admin';
import { useTranslation } from 'react-i18next';

/** The carrier select of the import and the single entry. */
export function CarrierSelect({ id, value, onChange }: { id: string; value: Carrier; onChange: (c: Carrier) => void }) {
  const { t } = useTranslation('admin-fulfilment');
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value as Carrier)}>
      {CARRIER_KEYS.map((c) => (
        <option key={c} value={c}>
          {t(`carrier.${c}`)}
        </option>
      ))}
    </select>
  );
}
