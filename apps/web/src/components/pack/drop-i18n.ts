import i18n from 'i18next';
import en from '../../i18n/lazy/en/drop.json';
import ja from '../../i18n/lazy/ja/drop.json';

/**
 * The waiting room's texts (issue 22), and the fairness notes of the queue and the last-one prize, registered when
 * the pack page's or the fairness page's chunk loads: the top page's first bundle does not carry them
 * (scripts/check-bundle-budget.ts).
 */
export const DROP_NS = 'drop';
i18n.addResourceBundle('ja', DROP_NS, ja, true, true);
i18n.addResourceBundle('en', DROP_NS, en, true, true);
