import type { StaffNoticeView } from '@oripa/core/admin';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render';
import { NoticeBell } from '../../components/NoticeBell';
import { NoticesPage } from './NoticesPage';

const soldOut: StaffNoticeView = {
  id: 9,
  kind: 'pack.sold_out',
  subject_id: 4,
  detail: { ja: '星霜オリパ', en: 'Starfall pack' },
  link: '/admin/packs/4',
  created_at: '2026-11-28 09:00:00',
  read: false,
};
const failed: StaffNoticeView = {
  id: 8,
  kind: 'mail.failed',
  subject_id: 77,
  detail: { recipient: 'hana@example.test', subject: 'ご購入ありがとうございます', member_id: 12 },
  link: '/admin/members/12',
  created_at: '2026-11-28 08:00:00',
  read: true,
};

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ja');
});

describe('the inbox (issue 21 §10)', () => {
  it('lists the notices in words, links each to its thing, and marks one read', async () => {
    let unread = 1;
    const api = mockApi({
      'GET /admin/notices': () => ({ state: 200, notices: [soldOut, { ...failed }], unread }),
      'POST /admin/notices/read': () => {
        unread = 0;
        return { state: 200, unread };
      },
    });
    renderPage(<NoticesPage />, '/admin/notices');
    const first = await screen.findByTestId('notice-9');
    expect(first.textContent).toContain('完売');
    expect(within(first).getByRole('link').textContent).toBe('「星霜オリパ」が完売しました');
    expect(within(first).getByRole('link').getAttribute('href')).toBe('/admin/packs/4');
    const second = screen.getByTestId('notice-8');
    expect(within(second).getByRole('link').textContent).toBe(
      'hana@example.test へのメール「ご購入ありがとうございます」を送信できませんでした',
    );
    expect(within(second).getByRole('link').getAttribute('href')).toBe('/admin/members/12');
    // A read notice has no button; an unread one does.
    expect(within(second).queryByRole('button')).toBeNull();
    expect(screen.getByRole('tab', { name: '未読（1）' })).toBeTruthy();

    fireEvent.click(within(first).getByRole('button', { name: '既読にする' }));
    await waitFor(() => expect(api.posts('/admin/notices/read')).toHaveLength(1));
    expect(api.posts('/admin/notices/read')[0]!.params).toMatchObject({ ids: '9' });
  });

  it('"mark all read" marks up to the newest notice the list showed', async () => {
    const api = mockApi({
      'GET /admin/notices': { state: 200, notices: [soldOut, { ...failed, id: 5, read: false }], unread: 2 },
      'POST /admin/notices/read': { state: 200, unread: 0 },
    });
    renderPage(<NoticesPage />, '/admin/notices');
    fireEvent.click(await screen.findByRole('button', { name: 'すべて既読にする' }));
    await waitFor(() => expect(api.posts('/admin/notices/read')).toHaveLength(1));
    expect(api.posts('/admin/notices/read')[0]!.params).toMatchObject({ up_to: 9 });
  });

  it('says so when there is nothing', async () => {
    mockApi({ 'GET /admin/notices': { state: 200, notices: [], unread: 0 } });
    renderPage(<NoticesPage />, '/admin/notices');
    expect(await screen.findByText('未読のお知らせはありません')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'すべて既読にする' })).toBeNull();
  });

  it('in English, with the pack name in English', async () => {
    await i18n.changeLanguage('en');
    mockApi({ 'GET /admin/notices': { state: 200, notices: [soldOut], unread: 1 } });
    renderPage(<NoticesPage />, '/admin/notices');
    const first = await screen.findByTestId('notice-9');
    expect(within(first).getByRole('link').textContent).toBe('“Starfall pack” sold out');
    expect(screen.getByRole('button', { name: 'Mark as read' })).toBeTruthy();
  });
});

describe('the inbox beside the header bell', () => {
  it("both on one page: the list and the count are separate queries (the unread tab once shared the count's key)", async () => {
    mockApi({
      'GET /admin/notices': { state: 200, notices: [soldOut], unread: 1 },
      'GET /admin/notices/unread': { state: 200, unread: 1 },
    });
    renderPage(
      <>
        <NoticeBell />
        <NoticesPage />
      </>,
      '/admin/notices',
    );
    expect((await screen.findByTestId('notice-9')).textContent).toContain('星霜オリパ');
    expect((await screen.findByTestId('unread-count')).textContent).toBe('1');
  });
});

describe('the header bell', () => {
  it('shows the unread count (99+ beyond 99) and names it for screen readers', async () => {
    mockApi({ 'GET /admin/notices/unread': { state: 200, unread: 120 } });
    renderPage(<NoticeBell />, '/admin');
    expect((await screen.findByTestId('unread-count')).textContent).toBe('99+');
    expect(screen.getByRole('link', { name: 'お知らせ（未読120件）' }).getAttribute('href')).toBe('/admin/notices');
  });

  it('shows no count when everything is read', async () => {
    const api = mockApi({ 'GET /admin/notices/unread': { state: 200, unread: 0 } });
    renderPage(<NoticeBell />, '/admin');
    await waitFor(() => expect(api.gets('/admin/notices/unread')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'お知らせ' })).toBeTruthy();
    expect(screen.queryByTestId('unread-count')).toBeNull();
  });
});
