import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render';
import { DropSettings } from './DropSettings';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const drop = {
  prequeue_opens_at: '2026-12-01T10:30:00.000Z',
  starts_at: '2026-12-01T11:00:00.000Z',
  admit_per_minute: 500,
  stay_minutes: 10,
  seed_hash: 'cd'.repeat(32),
  seed: null,
};

describe('the console setting of a drop', () => {
  it('posts the three numbers and shows the new commitment', async () => {
    const api = mockApi({
      'GET /admin/packs/7/drop': { state: 200, drop: null },
      'POST /admin/packs/7/drop': { state: 200, drop },
    });
    renderPage(<DropSettings id={7} />, '/admin/packs/7', { routePath: '/admin/packs/:id' });
    expect(await screen.findByText('このパックは順番待ちなしで販売します。')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('1分あたりの入場人数'), { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: '順番待ちを設定' }));
    expect(await screen.findByText('cd'.repeat(32))).toBeTruthy();
    expect(api.posts('/admin/packs/7/drop')[0]!.params).toEqual({
      prequeue_minutes: '30',
      admit_per_minute: '250',
      stay_minutes: '10',
    });
  });

  it('shows the server refusal once the queue has opened', async () => {
    mockApi({
      'GET /admin/packs/7/drop': { state: 200, drop },
      'POST /admin/packs/7/drop': {
        state: 409,
        reason: 'drop_open',
        errors: { general: ['順番待ちが始まったあとは設定を変更できません'] },
      },
    });
    renderPage(<DropSettings id={7} />, '/admin/packs/7', { routePath: '/admin/packs/:id' });
    fireEvent.click(await screen.findByRole('button', { name: '順番待ちを設定' }));
    expect((await screen.findByRole('alert')).textContent).toBe('順番待ちが始まったあとは設定を変更できません');
  });
});
