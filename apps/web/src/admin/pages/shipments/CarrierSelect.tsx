import { CARRIER_KEYS, type Carrier } from '@oripa/core/admin';
import { useTranslation } from 'react-i18next';

/** The carriers as `<option>`s, each in the console's language. */
export function CarrierOptions() {
  const { t } = useTranslation('admin-fulfilment');
  return CARRIER_KEYS.map((c) => (
    <option key={c} value={c}>
      {t(`carrier.${c}`)}
    </option>
  ));
}

/** The carrier select of the import (the single entry registers CarrierOptions in its form). */
export function CarrierSelect({ id, value, onChange }: { id: string; value: Carrier; onChange: (c: Carrier) => void }) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value as Carrier)}>
      <CarrierOptions />
    </select>
  );
}
