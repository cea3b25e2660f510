import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseInput, requireMember } from '../../http/input.ts';
import { dailyDrawStatus, linkMessagingApp, takeDailyDraw } from '../../services/programmes/daily-draw/daily-draw.ts';
import { claimSnsCampaign, snsCampaignStatus } from '../../services/programmes/sns-campaign/sns-campaign.ts';

const linkSchema = z.object({
  code: z.string({ error: 'invalid' }).min(1, 'required').max(512, 'invalid'),
  state: z.string({ error: 'invalid' }).min(1, 'required').max(512, 'invalid'),
});
const claimSchema = z.object({
  code: z.string({ error: 'notString' }).trim().min(1, 'required').max(40, 'snsCodeWrong'),
});

/**
 * The two header promotions (spec sections 1 and 9), our paths: the messaging-app daily draw (status, the app's
 * login callback, today's draw) and the social-network follow campaign (status, one-time claim).
 */
export const dailyDrawRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.get('/user/daily_draw', async (request, reply) => {
    const memberId = requireMember(request);
    return reply.ok({ ...(await dailyDrawStatus(ctx, memberId)) });
  });

  app.post('/user/daily_draw/link', async (request, reply) => {
    const memberId = requireMember(request);
    const { code, state } = parseInput(linkSchema, request.payload);
    await linkMessagingApp(ctx, memberId, code, state);
    return reply.ok({ linked: '1' });
  });

  app.post('/user/daily_draw/draw', async (request, reply) => {
    const memberId = requireMember(request);
    return reply.ok({ ...(await takeDailyDraw(ctx, memberId)) });
  });

  app.get('/user/sns_campaign', async (request, reply) => {
    const memberId = requireMember(request);
    return reply.ok({ ...(await snsCampaignStatus(ctx, memberId)) });
  });

  app.post('/user/sns_campaign/claim', async (request, reply) => {
    const memberId = requireMember(request);
    const { code } = parseInput(claimSchema, request.payload);
    return reply.ok({ point: await claimSnsCampaign(ctx, memberId, code) });
  });
};
