import { useQuery } from '@tanstack/react-query';
import { altchaPayload, type DropChallenge, type DropStatus } from '@oripa/core';
import { apiGet, apiPost, type Reply } from './client';

/**
 * The waiting room of a drop (issue 22): the member's place, polled; the proof-of-work challenge and the join. The
 * status is one cheap call the server answers from its memory, and each reply says when to ask again (`poll_ms`:
 * seldom far from the front, just after the start or the member's admission near it; ADR 0053).
 */
export type DropStatusReply = Reply<DropStatus>;

export const dropKeys = { status: (packId: number) => ['drops', 'status', packId] as const };

/** Until the server has said otherwise (a failed reply carries no poll_ms). */
export const DROP_POLL_MS = 3000;

export function useDropStatus(packId: number, enabled: boolean) {
  return useQuery({
    queryKey: dropKeys.status(packId),
    queryFn: () => apiGet<DropStatusReply>(`/user/pack/drop/${packId}`),
    enabled,
    refetchInterval: (query) => query.state.data?.poll_ms ?? DROP_POLL_MS,
  });
}

/**
 * Joins the queue: asks for a challenge, solves it in the page (ALTCHA's solver, loaded only here) and posts the
 * solution. Answers the status after the join, or the failed reply.
 */
export async function joinDropQueue(packId: number): Promise<DropStatusReply> {
  const got = await apiGet<Reply<{ challenge: DropChallenge }>>(`/user/pack/drop/${packId}/challenge`);
  if (!got.challenge) return got as DropStatusReply;
  const c = got.challenge;
  const { solveChallenge } = await import('altcha-lib/v1');
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  return apiPost<DropStatusReply>('/user/pack/drop/join', {
    pack_id: packId,
    altcha: altchaPayload(c, solution?.number ?? -1),
  });
}
