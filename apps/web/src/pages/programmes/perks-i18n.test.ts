import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { perkCatalogues, PERKS_NS } from './perks-i18n';

const keys = (tree: unknown, prefix = ''): string[] =>
  tree !== null && typeof tree === 'object'
    ? Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

describe('the lazily registered perks catalogue', () => {
  it('has the same keys in ja and en', () => {
    expect(keys(perkCatalogues.en).sort()).toEqual(keys(perkCatalogues.ja).sort());
  });

  it('is registered with i18next once the module is loaded', () => {
    expect(i18n.getResource('ja', PERKS_NS, 'transfer.linkedAlert')).toBe('連携成功しました。');
    expect(i18n.getResource('en', PERKS_NS, 'transfer.movedAlert')).toBe('Points transferred.');
  });
});
