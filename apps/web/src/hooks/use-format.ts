import { useTranslation } from 'react-i18next';
import { dateOnly, dateTime, langOf, num, relativeTime } from '../lib/format/datetime';
import { shopNow } from '../lib/time/shop-time';

/** The formatters of lib/format/datetime.ts bound to the page's language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = langOf(i18n.language);
  return {
    lang,
    dateTime: (v: string | Date) => dateTime(v, lang),
    dateOnly: (v: string | Date) => dateOnly(v, lang),
    relative: (v: string | Date) => relativeTime(v, lang, shopNow()),
    num: (v: number | string | undefined | null) => num(v, lang),
  };
}
