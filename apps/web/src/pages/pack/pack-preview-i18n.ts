import i18n from 'i18next';
import en from '../../i18n/lazy/en/pack-preview.json';
import ja from '../../i18n/lazy/ja/pack-preview.json';

/**
 * The texts of staff's draft preview (PackPreviewView), registered when its chunk loads: members never open it, so
 * they stay out of the storefront's entry and its Japanese catalogue (scripts/check-bundle-budget.ts).
 */
export const PACK_PREVIEW_NS = 'pack-preview';
i18n.addResourceBundle('ja', PACK_PREVIEW_NS, ja, true, true);
i18n.addResourceBundle('en', PACK_PREVIEW_NS, en, true, true);
