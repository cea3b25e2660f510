import type { PackDetail, PackSummary } from '@oripa/core';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveStock } from './live-cache';

const summary = (id: number, left: number) => ({ id, pack_count: left, total_pack_count: 100 }) as PackSummary;
const ranks = { S: 1, A: 2, B: 3, C: 4 };

describe('applyLiveStock', () => {
  it('moves the stock of every held list and pack page down, and leaves other packs as they were', () => {
    const client = new QueryClient();
    const other = summary(2, 50);
    client.setQueryData(['packs', 'list'], { state: 200, list: [summary(1, 90), other] });
    client.setQueryData(['packs', 'all_list', 1, 1, ''], { state: 200, list: [summary(1, 90)] });
    client.setQueryData(['packs', 'detail', 1], {
      state: 200,
      detail: { ...summary(1, 90), remaining_by_rank: { S: 1, A: 2, B: 30, C: 57 } } as PackDetail,
    });
    applyLiveStock(client, [{ id: 1, remaining: 0, ranks: { S: 0, A: 0, B: 0, C: 0 } }]);
    const list = client.getQueryData<{ list: PackSummary[] }>(['packs', 'list'])!.list;
    expect(list.map((p) => p.pack_count)).toEqual([0, 50]);
    expect(list[1]).toBe(other);
    expect(client.getQueryData<{ list: PackSummary[] }>(['packs', 'all_list', 1, 1, ''])!.list[0]!.pack_count).toBe(0);
    const detail = client.getQueryData<{ detail: PackDetail }>(['packs', 'detail', 1])!.detail;
    expect(detail.pack_count).toBe(0);
    expect(detail.remaining_by_rank).toEqual({ S: 0, A: 0, B: 0, C: 0 });
  });

  it('never raises stock: an event older than the held reply is ignored', () => {
    const client = new QueryClient();
    client.setQueryData(['packs', 'list'], { state: 200, list: [summary(1, 10)] });
    client.setQueryData(['packs', 'detail', 1], {
      state: 200,
      detail: { ...summary(1, 10), remaining_by_rank: ranks },
    });
    const before = client.getQueryData(['packs', 'list']);
    applyLiveStock(client, [{ id: 1, remaining: 40, ranks: { S: 9, A: 9, B: 9, C: 13 } }]);
    expect(client.getQueryData(['packs', 'list'])).toBe(before);
    expect(client.getQueryData<{ detail: PackDetail }>(['packs', 'detail', 1])!.detail.remaining_by_rank).toEqual(
      ranks,
    );
  });
});
