import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { loadProgrammesStrings } from '../../i18n/lazy-namespaces';
import { polyfillDialog, renderPage } from '../../test/render';
import { RankUpModal } from './RankMaintenanceModals';

/** The rank-up in a purchase result (spec section 3); a regained rank pays no bonus (ADR 0035). */
describe('RankUpModal', () => {
  beforeAll(async () => {
    polyfillDialog();
    await loadProgrammesStrings('ja');
    await i18n.changeLanguage('ja');
  });
  afterEach(cleanup);

  const show = (rank: number, bonus: number) =>
    renderPage(<RankUpModal open data={{ discount: 1.06, rankup_bonus: bonus, rank }} onClose={() => {}} />);

  it('rank 7 reached for the first time offers the card and links to the choice', async () => {
    show(7, 200_000);
    expect(await screen.findByText(/200,000ポイント相当のトップカード/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '特典カードを選ぶ' })).toBeTruthy();
  });

  it('rank 7 regained says the rank only: no card, no link, no bonus line', async () => {
    show(7, 0);
    expect(await screen.findByText(/レジェンドランクになりました/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: '特典カードを選ぶ' })).toBeNull();
    expect(screen.queryByText(/ポイント相当|ボーナスとして/)).toBeNull();
  });
});
