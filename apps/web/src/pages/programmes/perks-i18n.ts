import i18n from 'i18next';
import en from '../../i18n/lazy/en/perks.json';
import ja from '../../i18n/lazy/ja/perks.json';

/**
 * The texts of the exchange, transfer, daily-draw and campaign pages, registered when the first of their chunks
 * loads: they stay out of the storefront's entry (the Japanese catalogue is part of the top page's budget,
 * scripts/check-bundle-budget.ts). Each page imports this module before it renders.
 */
export const PERKS_NS = 'perks';
i18n.addResourceBundle('ja', PERKS_NS, ja, true, true);
i18n.addResourceBundle('en', PERKS_NS, en, true, true);
export const perkCatalogues = { ja, en };
