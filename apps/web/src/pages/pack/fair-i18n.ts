import i18n from 'i18next';
import en from '../../i18n/lazy/en/fair.json';
import ja from '../../i18n/lazy/ja/fair.json';

/**
 * The /fairness page's texts (the largest part of the pack strings), added to the `pack` namespace when the page's
 * chunk loads, so the page keeps its `fair.*` keys and the top page's first bundle does not carry them
 * (scripts/check-bundle-budget.ts).
 */
i18n.addResourceBundle('ja', 'pack', ja, true, false);
i18n.addResourceBundle('en', 'pack', en, true, false);
