import i18n from 'i18next';
import en from '../../i18n/lazy/en/live.json';
import ja from '../../i18n/lazy/ja/live.json';

/** The ticker's texts, registered when its chunk loads: they stay out of the top page's first load (ADR 0029). */
export const LIVE_NS = 'live';
i18n.addResourceBundle('ja', LIVE_NS, ja, true, true);
i18n.addResourceBundle('en', LIVE_NS, en, true, true);
export const liveCatalogues = { ja, en };
