import { MAIL_UNVERIFIED_REASON } from '@oripa/core';
import type { ApiReply } from '../../api/client';

/**
 * Whether a refusal is the one of a mail address not confirmed yet (issue 19 §2): the same reason for every way to
 * gain value (packs, points, exchange, programme rewards), on which the page offers to mail the link again.
 */
export const isMailUnverified = (reply: Pick<ApiReply, 'reason'>) => reply.reason === MAIL_UNVERIFIED_REASON;

/** The server's message of a refusal, whatever field it names (already in the member's language). */
export const refusalMessage = (reply: Pick<ApiReply, 'errors'>) => Object.values(reply.errors ?? {})[0]?.[0];
