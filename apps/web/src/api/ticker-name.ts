import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TickerName, TickerNameReply } from '@oripa/core';
import { apiGet, apiPost, isOk, type Reply } from './client';

export const TICKER_NAME_KEY = ['tickerName'] as const;
type TickerReply = Reply<TickerNameReply>;

/** How the live hit ticker names the member (server: routes/account/ticker-name.ts); undefined until it comes. */
export function useTickerName(enabled: boolean) {
  return useQuery({
    queryKey: TICKER_NAME_KEY,
    queryFn: () => apiGet<TickerReply>('/user/ticker_name'),
    enabled,
    select: (data) => (isOk(data) ? { ticker_name: data.ticker_name, initial: data.initial } : undefined),
  });
}

/** Saves the choice; the server's answer replaces what the page holds, so the page shows what was saved. */
export function useSaveTickerName() {
  const qc = useQueryClient();
  return async (choice: TickerName) => {
    const reply = await apiPost<TickerReply>('/user/ticker_name', { ticker_name: choice });
    if (isOk(reply)) qc.setQueryData(TICKER_NAME_KEY, reply);
    return reply;
  };
}
