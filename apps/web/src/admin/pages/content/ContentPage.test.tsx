import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import i18n from '../../i18n';
import { ContentPage } from './ContentPage';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ja');
});

const c = (key: string) => i18n.t(`admin-content:${key}`);
const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ContentPage />
    </QueryClientProvider>,
  );
const course = {
  id: 3,
  currency: 'point',
  point: 1000,
  price: 1000,
  memo: '',
  memo_en: '',
  sort: 1,
  active: true,
  sold: 5,
};

/** Issue 21: the console's content screens (here the card types and point courses) as staff use them. */
describe('the content page (console)', () => {
  it('lists a kind in its tab, and a form the core schema refuses posts nothing and says why per field', async () => {
    const api = mockApi({
      'GET /admin/content/banners': { state: 200, rows: [], mode: '1' },
      'GET /admin/content/point-courses': { state: 200, rows: [course] },
      'POST /admin/content/point-courses': { state: 200, id: 4 },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: c('tabs.point-courses') }));
    const table = await screen.findByRole('table', { name: c('tabs.point-courses') });
    expect(await within(table).findByText('5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: c('add') }));
    const form = screen.getByRole('form', { name: c('add') });
    fireEvent.change(within(form).getByLabelText(c('fields.point')), { target: { value: '-5' } });
    fireEvent.change(within(form).getByLabelText(c('fields.price')), { target: { value: 'abc' } });
    fireEvent.submit(form);
    expect(await within(form).findAllByRole('alert')).not.toHaveLength(0);
    expect(within(form).getByLabelText(c('fields.point')).getAttribute('aria-invalid')).toBe('true');
    expect(api.posts('/admin/content/point-courses')).toHaveLength(0);
  });

  it('saves a valid card type with its id and the server refusal lands on its field', async () => {
    let n = 0;
    const api = mockApi({
      'GET /admin/content/banners': { state: 200, rows: [], mode: '1' },
      'GET /admin/content/card-types': { state: 200, rows: [] },
      'POST /admin/content/card-types': () =>
        ++n === 1 ? { state: 400, errors: { id: ['このIDは使われています'] } } : { state: 200, id: 9 },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: c('tabs.card-types') }));
    expect(await screen.findByText(c('empty'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: c('add') }));
    const form = screen.getByRole('form', { name: c('add') });
    fireEvent.change(within(form).getByLabelText(c('fields.id')), { target: { value: '9' } });
    fireEvent.change(within(form).getByLabelText(c('fields.name_ja')), { target: { value: '星霊譚' } });
    fireEvent.change(within(form).getByLabelText(c('fields.name_en')), { target: { value: 'Starlore Tales' } });
    fireEvent.submit(form);
    expect(await within(form).findByText('このIDは使われています')).toBeTruthy();
    fireEvent.submit(form);
    await vi.waitFor(() => expect(screen.queryByRole('form', { name: c('add') })).toBeNull());
    const posts = api.posts('/admin/content/card-types').map((p) => p.params);
    expect(posts).toHaveLength(2);
    expect(posts[1]).toMatchObject({ name_ja: '星霊譚', name_en: 'Starlore Tales' });
    expect(String(posts[1]?.id)).toBe('9');
  });

  it('says what is wrong with a coupon in Japanese and in English, the focus on the first field in error', async () => {
    const api = mockApi({
      'GET /admin/content/banners': { state: 200, rows: [], mode: '1' },
      'GET /admin/content/coupons': { state: 200, rows: [] },
    });
    const check = async (code: string, format: string, noPoints: string) => {
      renderPage();
      fireEvent.click(await screen.findByRole('tab', { name: c('tabs.coupons') }));
      fireEvent.click(await screen.findByRole('button', { name: c('add') }));
      const form = screen.getByRole('form', { name: c('add') });
      const field = within(form).getByLabelText(c('fields.code'));
      fireEvent.change(field, { target: { value: code } });
      fireEvent.submit(form);
      expect(await within(form).findByText(format)).toBeTruthy();
      expect(document.activeElement).toBe(field);
      // A sound code: now the kind's rule (points to grant) speaks, on the points field.
      fireEvent.change(field, { target: { value: 'WINTER-10' } });
      fireEvent.submit(form);
      expect(await within(form).findByText(noPoints)).toBeTruthy();
      expect(within(form).getByLabelText(c('fields.point')).getAttribute('aria-invalid')).toBe('true');
      cleanup();
    };
    await i18n.changeLanguage('ja');
    await check('a', 'クーポンコードは半角英数字とハイフンで3〜20文字にしてください', '付与ポイントを入力してください');
    await i18n.changeLanguage('en');
    await check('a!', 'Use 3 to 20 half-width letters, digits and hyphens for the code', 'Enter the points to grant');
    expect(api.posts('/admin/content/coupons')).toHaveLength(0);
  });

  it('edits a point course: sends the form as the schema reads it (flags as 0/1) to the row’s address', async () => {
    const api = mockApi({
      'GET /admin/content/banners': { state: 200, rows: [], mode: '1' },
      'GET /admin/content/point-courses': { state: 200, rows: [course] },
      'POST /admin/content/point-courses/3': { state: 200, id: 3 },
    });
    await i18n.changeLanguage('en');
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: c('tabs.point-courses') }));
    const table = await screen.findByRole('table', { name: c('tabs.point-courses') });
    fireEvent.click(await within(table).findByRole('button', { name: c('edit') }));
    const form = screen.getByRole('form', { name: c('edit') });
    expect((within(form).getByLabelText(c('fields.point')) as HTMLInputElement).value).toBe('1000');
    fireEvent.change(within(form).getByLabelText(c('fields.price')), { target: { value: '900' } });
    fireEvent.click(within(form).getByLabelText(c('fields.active')));
    fireEvent.submit(form);
    await vi.waitFor(() => expect(screen.queryByRole('form', { name: c('edit') })).toBeNull());
    expect(api.posts('/admin/content/point-courses/3').map((p) => p.params)).toEqual([
      { currency: 'point', point: '1000', price: '900', memo: '', memo_en: '', sort: '1', active: '0' },
    ]);
  });

  it('keeps a card type’s id fixed when editing, and still sends it', async () => {
    const api = mockApi({
      'GET /admin/content/banners': { state: 200, rows: [], mode: '1' },
      'GET /admin/content/card-types': {
        state: 200,
        rows: [{ id: 2, name_ja: '星霊譚', name_en: 'Starlore Tales', coming_soon: false, sort: 5 }],
      },
      'POST /admin/content/card-types': { state: 200, id: 2 },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: c('tabs.card-types') }));
    const table = await screen.findByRole('table', { name: c('tabs.card-types') });
    fireEvent.click(await within(table).findByRole('button', { name: c('edit') }));
    const form = screen.getByRole('form', { name: c('edit') });
    expect((within(form).getByLabelText(c('fields.id')) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText(c('fields.name_en')), { target: { value: 'Starlore' } });
    fireEvent.submit(form);
    await vi.waitFor(() => expect(api.posts('/admin/content/card-types')).toHaveLength(1));
    expect(api.posts('/admin/content/card-types')[0]!.params).toMatchObject({ id: '2', name_en: 'Starlore' });
  });
});
