import type { FastifyPluginAsync } from 'fastify';
import { formatTokyo } from '@oripa/core';
import {
  exchangeCardInputSchema,
  exchangeOrderQuerySchema,
  idField,
  snsCampaignSchema,
  snsCodeParams,
  type AdminExchangeOrderRow,
  type AdminPartnerSiteRow,
  type AdminSnsCampaignRow,
} from '@oripa/core/admin';
import { z } from 'zod';
import { parseInput } from '../../http/input.ts';
import { requireStaff } from '../../http/admin/staff-guard.ts';
import type { AdminPartnerSiteRecord, AdminSnsCampaignRecord } from '../../db/queries/admin-programmes.ts';
import {
  createExchangeCard,
  createSnsCampaign,
  exchangeCardList,
  exchangeOrderPage,
  partnerSiteList,
  setExchangeCardOpen,
  setPartnerSiteEnabled,
  snsCampaignList,
  updateExchangeCard,
  updateSnsCampaign,
} from '../../services/admin/programmes.ts';

const READ = { permission: 'programmes.read' } as const;
const WRITE = { permission: 'programmes.write' } as const;
const idParams = z.object({ id: idField });
const time = (d: Date | null) => (d ? formatTokyo(new Date(d)) : null);

const partnerSiteRow = (r: AdminPartnerSiteRecord): AdminPartnerSiteRow => ({
  ...r,
  points_moved: Number(r.points_moved),
});

const campaignRow = (r: AdminSnsCampaignRecord): AdminSnsCampaignRow => ({
  ...r,
  starts_at: time(r.starts_at),
  ends_at: time(r.ends_at),
  points_granted: Number(r.points_granted),
});

/**
 * The member programmes in the console (issue 11):
 *   GET  /admin/programmes/exchange-cards                 the exchange catalogue, closed cards too (programmes.read)
 *   POST /admin/programmes/exchange-cards[/:id]           create or edit a card: price, conversion, stock (write)
 *   POST /admin/programmes/exchange-cards/:id/close|open  take a card off the corner or list it again (write)
 *   GET  /admin/programmes/exchange-orders?status&q&page  the cards members took, with their parcel (read)
 *   GET  /admin/programmes/partner-sites                  sites with links and transfer figures (read)
 *   POST /admin/programmes/partner-sites/:id/enable|disable (write)
 *   GET  /admin/programmes/sns-campaigns                  campaigns with their claims (read)
 *   POST /admin/programmes/sns-campaigns[/:code]          create or edit a campaign (write)
 * Writes are audited in their transaction (services/admin/programmes.ts).
 */
export const programmeAdminRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.get('/programmes/exchange-cards', { config: READ }, async (_request, reply) =>
    reply.ok({ rows: await exchangeCardList(ctx) }),
  );
  app.post('/programmes/exchange-cards', { config: WRITE }, async (request, reply) => {
    const input = parseInput(exchangeCardInputSchema, request.payload);
    return reply.ok({ id: await createExchangeCard(ctx, requireStaff(request), input) });
  });
  app.post('/programmes/exchange-cards/:id', { config: WRITE }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(exchangeCardInputSchema, request.payload);
    await updateExchangeCard(ctx, requireStaff(request), id, input);
    return reply.ok({ id });
  });
  for (const [verb, open] of [
    ['open', true],
    ['close', false],
  ] as const) {
    app.post(`/programmes/exchange-cards/:id/${verb}`, { config: WRITE }, async (request, reply) => {
      const { id } = parseInput(idParams, request.params);
      await setExchangeCardOpen(ctx, requireStaff(request), id, open);
      return reply.ok({ id });
    });
  }

  app.get('/programmes/exchange-orders', { config: READ }, async (request, reply) => {
    const page = await exchangeOrderPage(ctx, parseInput(exchangeOrderQuerySchema, request.query));
    const rows: AdminExchangeOrderRow[] = page.rows.map((r) => ({
      ...r,
      created_at: formatTokyo(new Date(r.created_at)),
      decided_at: time(r.decided_at),
    }));
    return reply.ok({ ...page, rows });
  });

  app.get('/programmes/partner-sites', { config: READ }, async (_request, reply) =>
    reply.ok({ rows: (await partnerSiteList(ctx)).map(partnerSiteRow) }),
  );
  for (const [verb, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.post(`/programmes/partner-sites/:id/${verb}`, { config: WRITE }, async (request, reply) => {
      const { id } = parseInput(idParams, request.params);
      await setPartnerSiteEnabled(ctx, requireStaff(request), id, enabled);
      return reply.ok({ id });
    });
  }

  app.get('/programmes/sns-campaigns', { config: READ }, async (_request, reply) =>
    reply.ok({ rows: (await snsCampaignList(ctx)).map(campaignRow) }),
  );
  app.post('/programmes/sns-campaigns', { config: WRITE }, async (request, reply) => {
    const input = parseInput(snsCampaignSchema, request.payload);
    return reply.ok({ code: await createSnsCampaign(ctx, requireStaff(request), input) });
  });
  app.post('/programmes/sns-campaigns/:code', { config: WRITE }, async (request, reply) => {
    const { code } = parseInput(snsCodeParams, request.params);
    const input = parseInput(snsCampaignSchema, request.payload);
    return reply.ok({ code: await updateSnsCampaign(ctx, requireStaff(request), code, input) });
  });
};
