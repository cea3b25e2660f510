import { firstError, type ApiReply } from '../../api/client';

/** The first message of a refused call, whatever field it names (the programmes' pages alert it). */
export const refusal = (reply: ApiReply) =>
  Object.values(reply.errors ?? {})[0]?.[0] ?? firstError(reply, 'general') ?? '';
