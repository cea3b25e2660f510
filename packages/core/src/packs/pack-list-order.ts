import { z } from 'zod';

/**
 * The pack list's sort and filter (issue 13), applied by the server to the whole card type before paging
 * (`GET /api/user/pack/all_list/{type}[/{page}]?sort=&filter=`), so page 2 continues page 1's order.
 * new: newest sale start first; price: cheapest first; remaining: most tickets left first. Sold-out packs come
 * after the rest in every order. onSale / soon (sale not started) / soldOut (sold out, closed or revealed).
 */
export const PACK_SORTS = ['new', 'price', 'remaining'] as const;
export const PACK_FILTERS = ['all', 'onSale', 'soon', 'soldOut'] as const;
export type PackSort = (typeof PACK_SORTS)[number];
export type PackFilter = (typeof PACK_FILTERS)[number];

/** The query of the list: both optional (new, all); anything else is refused as invalid. */
export const packListQuerySchema = z.object({
  sort: z.enum(PACK_SORTS, { error: 'invalid' }).optional().default('new'),
  filter: z.enum(PACK_FILTERS, { error: 'invalid' }).optional().default('all'),
});
export type PackListQuery = z.infer<typeof packListQuerySchema>;
