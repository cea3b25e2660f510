import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { legalPage } from './LegalPage';

const operator = {
  name: '株式会社テスト運営',
  nameEn: 'Test Operations Inc.',
  representative: '山田 太郎',
  representativeEn: 'Taro Yamada',
  address: '〒330-0000 埼玉県さいたま市テスト1-2-3',
  addressEn: '1-2-3 Test, Saitama 330-0000, Japan',
  phone: '048-111-2222',
  email: 'help@test.example',
};

function renderPage(Page: ReturnType<typeof legalPage>) {
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Page />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function answerSiteInfo(ok: boolean) {
  const fetchMock = vi.fn(async () => {
    if (!ok) throw new TypeError('offline');
    return new Response(
      JSON.stringify({
        state: 200,
        operator,
        shop_name: { ja: 'キラキラオリパ', en: 'KIRAKIRA ORIPA' },
        support_hours: { days: 'weekdays', open: '10:00', close: '17:00' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('ja');
});

describe('a legal page', () => {
  it('shows a spinner first, then the notice with the configured operator in a table', async () => {
    answerSiteInfo(true);
    renderPage(legalPage('specific-commerce', 'specificCommerce'));
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: '特定商取引法に基づく表記' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: '販売事業者' })).toBeTruthy();
    expect(screen.getByText('株式会社テスト運営')).toBeTruthy();
    expect(screen.getByText('受付時間：平日 10:00〜17:00（土日祝日・年末年始を除く）')).toBeTruthy();
    expect(document.title).toBe('特定商取引法に基づく表記 | キラキラオリパ');
  });

  it('numbers the articles of the terms and links them from the table of contents, in English too', async () => {
    answerSiteInfo(true);
    await i18n.changeLanguage('en');
    renderPage(legalPage('terms-of-service', 'termsOfService'));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Article 24 (Governing law and jurisdiction)' }),
    ).toBeTruthy();
    const toc = screen.getByRole('navigation', { name: 'Table of contents' });
    expect(toc.querySelectorAll('a')).toHaveLength(24);
    expect(toc.querySelector('a[href="#article-24"]')).toBeTruthy();
    expect(screen.getByText('Established: 10 November 2021')).toBeTruthy();
    expect(screen.getByText('Partly revised: 22 March 2022')).toBeTruthy();
    expect(screen.getByText(/Test Operations Inc\./, { selector: 'p' })).toBeTruthy();
  });

  it('still shows the document when the operator details cannot be loaded, with a contact-us fallback', async () => {
    answerSiteInfo(false);
    renderPage(legalPage('specific-commerce', 'specificCommerce'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getAllByText('（表示できませんでした。お手数ですがお問い合わせください）').length).toBeGreaterThan(3);
    expect(screen.queryByText(/\{\{/)).toBeNull();
  });
});
