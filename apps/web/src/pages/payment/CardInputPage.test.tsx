import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { polyfillDialog, renderPage } from '../../test/render';
import { member } from '../../test/payment-fixtures';
import { CardInputPage } from './CardInputPage';

// Issue 23: /card-input on My Page — the saved cards listed, one added through the sandbox's tokenisation, one
// deleted after a confirm dialog, and each failure said.

beforeEach(polyfillDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Card = { id: number; card: string; brand: string; expire: string };
function shop({
  cards: start = [{ id: 21, card: '**** **** **** 1111', brand: 'VISA', expire: '03/30' }] as Card[],
  list = (cards: Card[]): object => ({ state: 200, card_list: cards }),
  save = { state: 200 } as { state: number },
  del = { state: 200 } as { state: number },
} = {}) {
  let cards = [...start];
  return mockApi({
    'GET /user/point': member,
    'GET /user/pay_style': { state: 200, list: [], payment_provider: 'sandbox', publishable_key: '' },
    'GET /user/point/savedcard': () => list(cards),
    'POST /sandbox/card/token': (p: Record<string, unknown> | null) =>
      p?.card_number === '4111111111111111'
        ? { token: 'tok_sandbox_1', req_card_number: '************1111' }
        : { error_code: '1300' },
    'POST /user/point/savedcard': (p: Record<string, unknown> | null) => {
      if (save.state === 200)
        cards = [...cards, { id: 30, card: '**** **** **** 4444', brand: 'VISA', expire: '12/35' }];
      return p ? save : { state: 400 };
    },
    'POST /user/point/deletecard': (p: Record<string, unknown> | null) => {
      if (del.state === 200) cards = cards.filter((c) => c.id !== p?.card_index);
      return del;
    },
  });
}

const open = () => renderPage(<CardInputPage />, '/card-input');
const savedList = () => screen.getByRole('region', { name: '登録済みのカード' });

async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4111111111111111') {
  await user.type(await screen.findByLabelText('カード番号'), number);
  await user.type(screen.getByLabelText('月（MM）'), '12');
  await user.type(screen.getByLabelText('年（YY）'), '35');
  await user.type(screen.getByLabelText('セキュリティコード'), '123');
  await user.type(screen.getByLabelText('カード名義（半角ローマ字）'), 'TARO YAMADA');
}

describe('/card-input: saved cards on My Page', () => {
  it('lists the saved cards with their brand and expiry, each with its delete button', async () => {
    shop({
      cards: [
        { id: 21, card: '**** **** **** 1111', brand: 'VISA', expire: '03/30' },
        { id: 22, card: '**** **** **** 5454', brand: 'MASTER', expire: '04/31' },
      ],
    });
    open();
    expect(await screen.findByRole('heading', { name: 'カードの管理', level: 1 })).toBeTruthy();
    const items = await within(savedList()).findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('**** **** **** 1111'),
      expect.stringContaining('**** **** **** 5454'),
    ]);
    expect(within(items[1]!).getByText('MASTER 04/31')).toBeTruthy();
    expect(within(items[1]!).getByRole('button', { name: '**** **** **** 5454 を削除' })).toBeTruthy();
  });

  it('says when there is no saved card', async () => {
    shop({ cards: [] });
    open();
    expect(await within(savedList()).findByText('登録済みのカードはありません。')).toBeTruthy();
  });

  it('a list that fails to load says so and loads again on retry', async () => {
    let fail = true;
    shop({ list: (cards) => (fail ? { state: 500 } : { state: 200, card_list: cards }) });
    open();
    const retry = await within(savedList()).findByRole('button', { name: '再読み込み' }, { timeout: 4000 });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await within(savedList()).findByText('**** **** **** 1111')).toBeTruthy();
  });

  it('adds a card through the tokenisation: only the token and the masked number reach the shop', async () => {
    const api = shop();
    open();
    const user = userEvent.setup();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'カードを登録する' }));
    expect(await screen.findByText('カードを登録しました')).toBeTruthy();
    expect(api.posts('/user/point/savedcard')[0]!.params).toEqual({
      pay_id: 1,
      token: 'tok_sandbox_1',
      req_card_number: '************1111',
      card_user_name: 'TARO YAMADA',
    });
    expect(JSON.stringify(api.posts('/user/point/savedcard'))).not.toContain('4111111111111111');
    expect(await within(savedList()).findByText('**** **** **** 4444')).toBeTruthy();
    // The form is empty for the next card, with no brand left from the last one.
    expect((screen.getByLabelText('カード番号') as HTMLInputElement).value).toBe('');
    expect(within(screen.getByRole('form', { name: 'カードを追加' })).queryByRole('img', { name: 'Visa' })).toBeNull();
  });

  it('a card the provider refuses is shown under its field and nothing is saved', async () => {
    const api = shop();
    open();
    const user = userEvent.setup();
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'カードを登録する' }));
    await waitFor(() => expect(screen.getByLabelText('カード番号').getAttribute('aria-invalid')).toBe('true'));
    expect(api.posts('/user/point/savedcard')).toHaveLength(0);
  });

  it('a save the shop refuses says so', async () => {
    shop({ save: { state: 400 } });
    open();
    const user = userEvent.setup();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'カードを登録する' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'カードの登録に失敗しました（すでに登録済みの可能性があります）',
    );
  });

  it('asks before deleting: cancelling sends nothing, confirming deletes and the list drops the card', async () => {
    const api = shop();
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '**** **** **** 1111 を削除' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('**** **** **** 1111 を削除します。よろしいですか？')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    expect(api.posts('/user/point/deletecard')).toHaveLength(0);
    expect(within(savedList()).getByText('**** **** **** 1111')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '**** **** **** 1111 を削除' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '削除' }));
    expect(await screen.findByText('カードを削除しました')).toBeTruthy();
    expect(api.posts('/user/point/deletecard')[0]!.params).toEqual({ card_index: 21 });
    expect(await within(savedList()).findByText('登録済みのカードはありません。')).toBeTruthy();
  });

  it('a failed delete says so and keeps the card', async () => {
    shop({ del: { state: 400 } });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '**** **** **** 1111 を削除' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '削除' }));
    expect(await screen.findByText('カードの削除に失敗しました')).toBeTruthy();
    expect(within(savedList()).getByText('**** **** **** 1111')).toBeTruthy();
  });
});
