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
});
