import {
  adminMsg,
  type ExchangeCardInput,
  type ExchangeOrderQuery,
  type ListPage,
  type SnsCampaignInput,
} from '@oripa/core/admin';
import { AppError, notFound } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import {
  countExchangeOrders,
  insertExchangeCardRecord,
  insertSnsCampaignRecord,
  listAllExchangeCards,
  listAllPartnerSites,
  listAllSnsCampaigns,
  listExchangeOrders,
  lockExchangeCardRecord,
  lockPartnerSiteRecord,
  lockSnsCampaignCodes,
  lockSnsCampaignRecord,
  setExchangeCardActive,
  setPartnerSiteActive,
  updateExchangeCardRecord,
  updateSnsCampaignRecord,
  type AdminExchangeOrderRecord,
} from '../../db/queries/admin-programmes.ts';
import { withAudit } from './audit.ts';
import type { StaffIdentity } from './staff-sessions.ts';

/**
 * The console's programme settings (issue 11): the exchange catalogue (cards, price, stock; create, edit, close),
 * exchange orders (read), partner sites (enable, disable) and SNS campaigns (create, edit). Every write is one
 * transaction with its audit row (before and after). Stock changes by staff are told by the audit row; members'
 * exchanges keep their ledger rows (services/programmes/exchange).
 */

export const exchangeCardList = (ctx: AppContext) => listAllExchangeCards(ctx.db.pool);

export const createExchangeCard = (ctx: AppContext, staff: StaffIdentity, c: ExchangeCardInput) =>
  withAudit(ctx, staff, { action: 'exchange_card.create', targetType: 'exchange_card', targetId: null }, async (tx) => {
    const id = await insertExchangeCardRecord(tx, c);
    return { before: null, after: { id, ...c }, result: id };
  });

/** Changes a card; a stock total below the cards already taken is refused and changes nothing. */
export const updateExchangeCard = (ctx: AppContext, staff: StaffIdentity, id: number, c: ExchangeCardInput) =>
  withAudit(ctx, staff, { action: 'exchange_card.update', targetType: 'exchange_card', targetId: id }, async (tx) => {
    const before = await lockExchangeCardRecord(tx, id);
    if (!before) throw notFound();
    if (!(await updateExchangeCardRecord(tx, id, c))) {
      const taken = before.stock_total - before.stock_left;
      throw AppError.validation('stock_total', adminMsg('exchangeStockBelowTaken', { taken }), 'stock_below_taken');
    }
    return { before, after: await lockExchangeCardRecord(tx, id), result: null };
  });

/** Closes a card (members no longer see or take it; taken cards stay theirs) or lists it again. */
export const setExchangeCardOpen = (ctx: AppContext, staff: StaffIdentity, id: number, open: boolean) =>
  withAudit(
    ctx,
    staff,
    { action: open ? 'exchange_card.open' : 'exchange_card.close', targetType: 'exchange_card', targetId: id },
    async (tx) => {
      const before = await lockExchangeCardRecord(tx, id);
      if (!before) throw notFound();
      await setExchangeCardActive(tx, id, open);
      return { before: { active: before.active }, after: { active: open }, result: null };
    },
  );

export async function exchangeOrderPage(
  ctx: AppContext,
  q: ExchangeOrderQuery,
): Promise<ListPage<AdminExchangeOrderRecord>> {
  const db = ctx.db.pool;
  const filter = { status: q.status, q: q.q };
  const [total, rows] = await Promise.all([
    countExchangeOrders(db, filter),
    listExchangeOrders(db, filter, q.sort, q.dir === 'desc', q.per_page, (q.page - 1) * q.per_page),
  ]);
  return { rows, total, page: q.page, per_page: q.per_page };
}

export const partnerSiteList = (ctx: AppContext) => listAllPartnerSites(ctx.db.pool);

/**
 * Enables or disables a partner site. A disabled site is no longer offered for linking or new transfers; transfers
 * already pending are still settled by the reconciliation job (the partner may have debited already).
 */
export const setPartnerSiteEnabled = (ctx: AppContext, staff: StaffIdentity, id: number, enabled: boolean) =>
  withAudit(
    ctx,
    staff,
    { action: enabled ? 'partner_site.enable' : 'partner_site.disable', targetType: 'partner_site', targetId: id },
    async (tx) => {
      const before = await lockPartnerSiteRecord(tx, id);
      if (!before) throw notFound();
      await setPartnerSiteActive(tx, id, enabled);
      return { before: { active: before.active }, after: { active: enabled }, result: null };
    },
  );

export const snsCampaignList = (ctx: AppContext) => listAllSnsCampaigns(ctx.db.pool);

const codeTaken = () => new AppError('conflict', { code: ['snsCodeTaken'] }, 'code_taken');

export const createSnsCampaign = (ctx: AppContext, staff: StaffIdentity, c: SnsCampaignInput) =>
  withAudit(ctx, staff, { action: 'sns_campaign.create', targetType: 'sns_campaign', targetId: c.code }, async (tx) => {
    await lockSnsCampaignCodes(tx);
    if (!(await insertSnsCampaignRecord(tx, c))) throw codeTaken();
    return { before: null, after: c, result: c.code };
  });

/** Changes a campaign's reward, follow address, window and status; the code (which claims refer to) stays. */
export const updateSnsCampaign = (ctx: AppContext, staff: StaffIdentity, code: string, c: SnsCampaignInput) =>
  withAudit(ctx, staff, { action: 'sns_campaign.update', targetType: 'sns_campaign', targetId: code }, async (tx) => {
    const before = await lockSnsCampaignRecord(tx, code);
    if (!before) throw notFound();
    await updateSnsCampaignRecord(tx, before.code, c);
    return { before, after: { ...c, code: before.code }, result: before.code };
  });
