import { useTranslation } from 'react-i18next';
import { dateOnly, historyDate } from '../lib/format/date-only';
import { dateTime, langOf, num } from '../lib/format/datetime';
import { relativeTime } from '../lib/format/relative-time';
import { shopNow } from '../lib/time/shop-time';
import { useDrawnTime } from './use-drawn-time';

/** The formatters of lib/format/datetime.ts bound to the page's language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const drawn = useDrawnTime();
  return {
    lang,
    dateTime: (v: string | Date) => dateTime(v, lang),
    dateOnly: (v: string | Date) => dateOnly(v, lang),
    historyDate,
    relative: (v: string | Date) => relativeTime(v, lang, drawn ?? shopNow()),
    num,
  };
}
