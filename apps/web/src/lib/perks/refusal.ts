import type { ApiReply } from '../../api/client';
import { refusalMessage } from '../account/mail-unverified';

/** The first message of a refused call, whatever field it names (the programmes' pages alert it). */
export const refusal = (reply: ApiReply) => refusalMessage(reply) ?? '';
