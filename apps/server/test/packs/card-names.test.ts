import { describe, expect, it } from 'vitest';
import type { DrawnCard, LineupCard, PackDetail, PurchaseResult } from '@oripa/core';
import { buildMember } from '../factories.ts';
import { useTestShop } from '../test-shop.ts';
import { buildPack, drawVia, smallLineup } from './pack-fixtures.ts';

const t = useTestShop();

describe('card names in the member’s language', () => {
  it('shows the Japanese name on Japanese pages and the English one on English pages, in lineup and results', async () => {
    const [s, a, b, c] = smallLineup(2);
    const packId = await buildPack(t.shop, {
      cards: [
        { ...s!, name: '天空の覇王', nameEn: 'Sky Sovereign' },
        { ...a!, name: '残り火の竜', nameEn: 'Ember Wyrm' },
        { ...b!, name: '潮の槍兵', nameEn: 'Tide Lancer' },
        // No English name given: English pages fall back to the Japanese one rather than show nothing.
        { ...c!, name: '苔の精' },
      ],
    });
    const names = (d: PackDetail) => Object.values(d.lineup).flatMap((cards: LineupCard[]) => cards.map((x) => x.name));
    const ja = (await t.shop.client('ja').get(`/user/pack/detail/${packId}`)).detail as PackDetail;
    const en = (await t.shop.client('en').get(`/user/pack/detail/${packId}`)).detail as PackDetail;
    expect(names(ja)).toEqual(['天空の覇王', '残り火の竜', '潮の槍兵', '苔の精']);
    expect(names(en)).toEqual(['Sky Sovereign', 'Ember Wyrm', 'Tide Lancer', '苔の精']);
    const page = await t.shop.client('en').get(`/user/pack/card_list/${packId}`);
    expect((page.list as LineupCard[]).map((x) => x.name)).toContain('Sky Sovereign');

    const member = await buildMember(t.shop, { paidPoints: 10_000, lang: 'en' });
    const { buy } = await drawVia(member.client, packId, 'all');
    const fresh = (buy as unknown as PurchaseResult).cards as DrawnCard[];
    const english = new Set(['Sky Sovereign', 'Ember Wyrm', 'Tide Lancer', '苔の精']);
    expect(fresh.every((x) => english.has(x.name))).toBe(true);
  });
});
