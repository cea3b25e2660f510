import { mergeHits, type LiveHit, type LiveHitsEvent, type LiveSnapshot, type LiveStockEvent } from '@oripa/core';
import type { QueryClient } from '@tanstack/react-query';
import { apiGet, isOk, type Reply } from '../api/client';
import { applyLiveStock } from './live-cache';

/** How often the fallback polls when the stream cannot be kept open (no EventSource, a proxy that buffers, 503). */
const POLL_MS = 10_000;
/** Stream failures in a row after which the page polls instead. */
const FAILURES_BEFORE_POLLING = 3;

export interface HitsState {
  hits: LiveHit[];
  /** The server's time of the newest message and the page's time when it came: "seconds ago" counts from there. */
  serverNow: string;
  receivedAt: number;
  /** 'stream' while the events arrive, 'poll' on the fallback. */
  mode: 'stream' | 'poll' | 'idle';
}

let state: HitsState = { hits: [], serverNow: new Date().toISOString(), receivedAt: Date.now(), mode: 'idle' };
const listeners = new Set<() => void>();
let started: QueryClient | null = null;

function setState(next: Partial<HitsState>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

/** For useSyncExternalStore: the ticker's hits. */
export const hitsStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => state,
};

function takeHits(e: LiveHitsEvent) {
  setState({ hits: mergeHits(state.hits, e.hits), serverNow: e.now, receivedAt: Date.now() });
}

/**
 * Starts the page's one live feed (once per page, whatever number of tickers): the server's event stream
 * (GET /api/live/stream), or polling GET /api/user/pack/live when the stream keeps failing. Stock goes into the
 * query cache (live-cache.ts), hits into the ticker's store.
 */
export function startLiveFeed(client: QueryClient): void {
  if (started) return;
  started = client;
  if (typeof EventSource === 'undefined') return void poll(client);
  let failures = 0;
  const source = new EventSource('/api/live/stream');
  source.addEventListener('open', () => {
    failures = 0;
    setState({ mode: 'stream' });
  });
  source.addEventListener('stock', (e) => applyLiveStock(client, (JSON.parse(e.data) as LiveStockEvent).packs));
  source.addEventListener('hits', (e) => takeHits(JSON.parse(e.data) as LiveHitsEvent));
  source.addEventListener('error', () => {
    // The browser reconnects by itself (retry: 3 s); a stream that keeps failing is given up for polling.
    if (++failures >= FAILURES_BEFORE_POLLING || source.readyState === EventSource.CLOSED) {
      source.close();
      void poll(client);
    }
  });
}

async function poll(client: QueryClient) {
  setState({ mode: 'poll' });
  for (;;) {
    if (document.visibilityState === 'visible') {
      const r = await apiGet<Reply<LiveSnapshot>>('/user/pack/live').catch(() => null);
      if (r && isOk(r)) {
        applyLiveStock(client, r.packs);
        takeHits(r);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
