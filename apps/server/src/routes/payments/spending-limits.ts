import type { FastifyPluginAsync } from 'fastify';
import { birthMonthSchema, coolOffSchema, monthlyLimitSchema } from '@oripa/core';
import { parseInput, requireMember } from '../../http/input.ts';
import { presentSpendingLimits } from '../../presenters/spending-limits.ts';
import {
  setBirthMonth,
  setMonthlyLimit,
  spendingLimits,
  startCoolOff,
} from '../../services/payments/spending-limits.ts';

/** Responsible play (issue 19 §2, ADR 0036): each POST answers the settings as they now stand. */
export const spendingLimitRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  const current = async (memberId: number) => ({ ...presentSpendingLimits(await spendingLimits(ctx, memberId)) });

  app.get('/user/spending_limits', async (request, reply) => {
    return reply.ok(await current(requireMember(request)));
  });

  app.post('/user/spending_limits/birth_month', async (request, reply) => {
    const memberId = requireMember(request);
    await setBirthMonth(ctx, memberId, parseInput(birthMonthSchema, request.payload));
    return reply.ok(await current(memberId));
  });

  app.post('/user/spending_limits/monthly_limit', async (request, reply) => {
    const memberId = requireMember(request);
    const { monthly_limit } = parseInput(monthlyLimitSchema, request.payload);
    await setMonthlyLimit(ctx, memberId, monthly_limit);
    return reply.ok(await current(memberId));
  });

  app.post('/user/spending_limits/cool_off', async (request, reply) => {
    const memberId = requireMember(request);
    await startCoolOff(ctx, memberId, parseInput(coolOffSchema, request.payload).period);
    return reply.ok(await current(memberId));
  });
};
