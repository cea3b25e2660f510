import { cleanup, screen } from '@testing-library/react';
import type { DropInfo, DropStatus } from '@oripa/core';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WaitingRoom } from './WaitingRoom';
import { mockApi } from '../../test/mock-api';
import { useJapanese } from '../../test/pack-fixtures';
import { renderRoutes } from '../../test/render';

beforeAll(useJapanese);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const drop: DropInfo = {
  prequeue_opens_at: '2026-12-01T10:30:00.000Z',
  starts_at: '2026-12-01T11:00:00.000Z',
  admit_per_minute: 100,
  stay_minutes: 10,
  seed_hash: 'ab'.repeat(32),
  seed: null,
};
const status = (over: Partial<DropStatus>): DropStatus => ({
  queue_state: 'waiting',
  queued: 1200,
  place: 250,
  ahead: 149,
  wait_seconds: 90,
  admitted_at: '2026-12-01T11:02:00.000Z',
  expires_at: '2026-12-01T11:12:00.000Z',
  entry_code: '0123456789abcdef',
  drop,
  poll_ms: 3000,
  ...over,
});

const room = (loggedIn = true, soldOut = false) =>
  renderRoutes(
    [
      {
        path: '/pack-detail',
        element: (
          <WaitingRoom packId={5} drop={drop} loggedIn={loggedIn} soldOut={soldOut}>
            <button type="button">1回引く</button>
          </WaitingRoom>
        ),
      },
    ],
    '/pack-detail?packId=5',
  );

describe('the waiting screen of a drop', () => {
  it('shows the place, the number ahead and the wait, and no buy button while waiting', async () => {
    // The wait is counted down from the admission time by the shop clock, not taken from the (maybe old) reply.
    const admittedAt = new Date(Date.now() + 90_000).toISOString();
    mockApi({ 'GET /user/pack/drop/5': { state: 200, ...status({ admitted_at: admittedAt, wait_seconds: 3000 }) } });
    room();
    expect(await screen.findByTestId('drop-place')).toHaveProperty('textContent', '250番目');
    expect(screen.getByText('149人')).toBeTruthy();
    expect(screen.getByText('約2分')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '1回引く' })).toBeNull();
  });

  it('becomes the buy screen once admitted, with the end of the admission', async () => {
    mockApi({ 'GET /user/pack/drop/5': { state: 200, ...status({ queue_state: 'admitted', ahead: 0 }) } });
    room();
    expect(await screen.findByRole('button', { name: '1回引く' })).toBeTruthy();
    expect(screen.getByTestId('drop-admitted').textContent).toContain('20:12');
  });

  it('does not say "your turn" once the pack is sold out (the buttons say why nothing can be bought)', async () => {
    mockApi({ 'GET /user/pack/drop/5': { state: 200, ...status({ queue_state: 'admitted', ahead: 0 }) } });
    room(true, true);
    expect(await screen.findByRole('button', { name: '1回引く' })).toBeTruthy();
    expect(screen.queryByTestId('drop-admitted')).toBeNull();
  });

  it('joins on opening: solves the challenge in the page and posts the solution', async () => {
    const challenge = await createChallenge({ hmacKey: 'test-key', maxNumber: 50 });
    let joined = false;
    const api = mockApi({
      'GET /user/pack/drop/5': () => ({
        state: 200,
        ...status(joined ? { queue_state: 'prequeue', place: null } : { queue_state: 'outside', place: null }),
      }),
      'GET /user/pack/drop/5/challenge': { state: 200, challenge },
      'POST /user/pack/drop/join': () => {
        joined = true;
        return { state: 200, ...status({ queue_state: 'prequeue', place: null }) };
      },
    });
    room();
    expect(await screen.findByText('事前待機中です')).toBeTruthy();
    const [post] = api.posts('/user/pack/drop/join');
    expect(post!.params!.pack_id).toBe(5);
    expect(await verifySolution(String(post!.params!.altcha), 'test-key')).toBe(true);
    expect(screen.getByText('0123456789abcdef')).toBeTruthy();
  });

  it('asks a guest to log in to join', () => {
    mockApi({});
    room(false);
    expect(screen.getByRole('link', { name: 'ログインして並ぶ' })).toBeTruthy();
  });
});
