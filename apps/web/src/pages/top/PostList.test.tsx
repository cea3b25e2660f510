import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { mockApi } from '../../test/mock-api';
import { renderPage } from '../../test/render';
import { PostList } from './PostList';

const post = (id: number) => ({
  id,
  title: `投稿${id}`,
  lastName: '佐藤',
  firstName: '健太',
  created: '2026-11-20 18:30:00',
  content: `本文${id}`,
  images: id === 1 ? ['/demo/posts/valgard.svg'] : [],
});
const pageReply = (page: number) => ({
  state: 200,
  list: [post(page * 10 + 1), post(page * 10 + 2)],
  page: { page, all_page: 3, pages: [1, 2, 3] },
});

describe('PostList', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ja');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows posts with author and Tokyo time, and pages with the pager', async () => {
    const { calls } = mockApi({
      'GET /user/post/list': pageReply(1),
      'GET /user/post/list/2': pageReply(2),
      'GET /user/post/list/3': pageReply(3),
    });
    renderPage(<PostList />);
    expect(await screen.findByRole('heading', { name: '投稿11' })).toBeTruthy();
    expect(screen.getAllByText('佐藤 健太')).toHaveLength(2);
    expect(screen.getAllByText('11月20日(金) 18:30')[0]!.getAttribute('datetime')).toBe('2026-11-20T18:30:00+09:00');
    await userEvent.click(screen.getByRole('button', { name: '次へ' }));
    expect(await screen.findByRole('heading', { name: '投稿21' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '2ページ目' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(screen.getByRole('button', { name: '最後へ' }));
    expect(await screen.findByRole('heading', { name: '投稿31' })).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/user/post/list', '/user/post/list/2', '/user/post/list/3']);
  });

  it('shows the empty state and the error state with a retry', async () => {
    mockApi({ 'GET /user/post/list': { state: 200, list: [], page: { page: 1, all_page: 1, pages: [1] } } });
    renderPage(<PostList />);
    expect(await screen.findByText('まだ投稿はありません。')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    cleanup();
    let fail = true;
    mockApi({ 'GET /user/post/list': () => (fail ? { state: 500 } : pageReply(1)) });
    renderPage(<PostList />);
    expect((await screen.findByRole('alert')).textContent).toContain('投稿を読み込めませんでした。');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: '投稿11' })).toBeTruthy());
  });
});
