import type { FastifyPluginAsync } from 'fastify';
import { smsRoutes } from './sms.ts';

/** Member programmes, part 1 (issue 11): SMS verification, coins, ranks, withdrawal. */
export const programmeRoutes: FastifyPluginAsync[] = [smsRoutes];
