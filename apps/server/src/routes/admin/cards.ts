import type { FastifyPluginAsync } from 'fastify';
import { cardInputSchema, idField, intField } from '@oripa/core/admin';
import { z } from 'zod';
import { parseInput } from '../../http/input.ts';
import { requireStaff } from '../../http/admin/staff-guard.ts';
import { presentCard } from '../../presenters/admin-catalogue.ts';
import {
  CARD_SORT_KEYS,
  CARDS_PER_PAGE,
  createCard,
  getCard,
  listCards,
  updateCard,
} from '../../services/admin/catalogue/cards.ts';

const WRITE = { permission: 'catalogue.write' } as const;
const idParams = z.object({ id: idField });

/**
 * GET /api/admin/cards query: page, per_page, search text (names ja/en, model number), card type (game), rarity,
 * set (model number prefix), sort key and direction. The card list and the pack editor's picker both read it.
 */
export const cardQuerySchema = z.object({
  page: intField(1, 100_000).optional().default(1),
  per_page: intField(1, 200).optional().default(CARDS_PER_PAGE),
  q: z.string().trim().max(100).optional().default(''),
  card_type: z.union([intField(1, 1000), z.literal('')]).optional(),
  rarity: z.union([intField(0, 3), z.literal('')]).optional(),
  set: z.string().trim().max(40).optional().default(''),
  sort: z.enum(CARD_SORT_KEYS).optional().default('id'),
  dir: z.enum(['asc', 'desc']).optional().default('desc'),
});

/** The card master (operator): list with paging, sorting and filters; create; edit. Writes are audited. */
export const cardRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.get('/cards', { config: WRITE }, async (request, reply) => {
    const q = parseInput(cardQuerySchema, request.query);
    const { rows, total } = await listCards(ctx, {
      search: q.q,
      cardType: typeof q.card_type === 'number' ? q.card_type : null,
      rarity: typeof q.rarity === 'number' ? q.rarity : null,
      set: q.set,
      sort: q.sort,
      desc: q.dir === 'desc',
      limit: q.per_page,
      offset: (q.page - 1) * q.per_page,
    });
    return reply.ok({ rows: rows.map(presentCard), total, page: q.page, per_page: q.per_page });
  });

  app.get('/cards/:id', { config: WRITE }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    return reply.ok({ card: presentCard(await getCard(ctx, id)) });
  });

  app.post('/cards', { config: WRITE }, async (request, reply) => {
    const input = parseInput(cardInputSchema, request.payload);
    return reply.ok({ card: presentCard(await createCard(ctx, requireStaff(request), input)) });
  });

  app.post('/cards/:id', { config: WRITE }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(cardInputSchema, request.payload);
    return reply.ok({ card: presentCard(await updateCard(ctx, requireStaff(request), id, input)) });
  });
};
