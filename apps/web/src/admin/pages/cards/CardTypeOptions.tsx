import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isOk } from '../../../api/client';
import { fetchContent } from '../../api/catalogue';

/** The shop's card types (content), for the card and pack forms' selects and the card list's filter. */
export function useCardTypes(): { id: number; name: string }[] {
  const { i18n } = useTranslation();
  const q = useQuery({ queryKey: ['admin', 'content', 'card-types'], queryFn: () => fetchContent('card-types') });
  const en = i18n.language === 'en';
  return useMemo(
    () =>
      (isOk(q.data) ? q.data.rows : []).map((r) => ({ id: Number(r.id), name: String(en ? r.name_en : r.name_ja) })),
    [q.data, en],
  );
}

/** `<option>`s of the card types; the current value stays listed while the types load. */
export function CardTypeOptions({ current }: { current?: number | string }) {
  const types = useCardTypes();
  const listed = types.some((t) => String(t.id) === String(current));
  return (
    <>
      {current !== undefined && current !== '' && !listed ? <option value={current}>{current}</option> : null}
      {types.map((t) => (
        <option key={t.id} value={t.id}>
          {t.name}
        </option>
      ))}
    </>
  );
}
