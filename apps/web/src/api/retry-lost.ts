import type { ApiReply } from './client';

/**
 * Waits before each repeat of a call whose reply was lost: about 4.6 s in all, well inside a purchase token's
 * lifetime, and spread out so a server that is briefly away (restart, failover) is back before the last try.
 */
export const LOST_REPLY_DELAYS_MS: readonly number[] = [400, 1200, 3000];

/**
 * A reply that says nothing about the outcome: it never arrived (offline, reset, timeout, a proxy's HTML error
 * page) or the server failed while answering (5xx, including 503 while its database is away). The request may
 * have committed. A 4xx, a 200 and maintenance (9999) are answers and are never repeated.
 */
export const isLostReply = (r: ApiReply) => r.networkError === true || (r.state >= 500 && r.state <= 599);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Repeats `call` while its reply is lost, after each delay in turn. Only for calls the server makes idempotent
 * (the purchase token: a replayed token answers the first purchase), so a repeat never does the work twice.
 * Answers the first reply that is not lost, or the last lost one.
 */
export async function repeatWhileLost<T extends ApiReply>(
  call: () => Promise<T>,
  delays: readonly number[] = LOST_REPLY_DELAYS_MS,
): Promise<T> {
  let reply = await call();
  for (const ms of delays) {
    if (!isLostReply(reply)) break;
    await sleep(ms);
    reply = await call();
  }
  return reply;
}
