import type { FastifyPluginAsync } from 'fastify';
import { rankRewardRoutes } from './rank-reward.ts';
import { rankRoutes } from './ranks.ts';
import { smsRoutes } from './sms.ts';
import { withdrawalRoutes } from './withdrawal.ts';

/** Membership (issue 11): SMS verification, coins, ranks, withdrawal. */
export const programmeRoutes: FastifyPluginAsync[] = [smsRoutes, rankRoutes, rankRewardRoutes, withdrawalRoutes];
