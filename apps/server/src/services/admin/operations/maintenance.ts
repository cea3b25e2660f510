import type { MaintenanceInput } from '@oripa/core/admin';
import type { AppContext } from '../../../context.ts';
import { findSetting, upsertSetting } from '../../../db/queries/settings.ts';
import { isMaintenance } from '../../maintenance.ts';
import { withAudit } from '../audit.ts';
import type { StaffIdentity } from '../staff-sessions.ts';

export type MaintenanceState = {
  on: boolean;
  message_ja: string;
  message_en: string;
  /** MAINTENANCE=1 in the environment: the switch cannot turn it off. */
  forced: boolean;
};

export async function maintenanceState(ctx: AppContext): Promise<MaintenanceState> {
  const db = ctx.db.pool;
  return {
    on: await isMaintenance(ctx),
    message_ja: (await findSetting(db, 'maintenance_message_ja')) ?? '',
    message_en: (await findSetting(db, 'maintenance_message_en')) ?? '',
    forced: ctx.config.maintenance,
  };
}

/**
 * The maintenance switch with the members' message (both languages), one audited write. The storefront reads the
 * flag through services/maintenance.ts (cached for a second per instance) and answers 9999.
 */
export async function setMaintenanceState(ctx: AppContext, staff: StaffIdentity, input: MaintenanceInput) {
  const before = await maintenanceState(ctx);
  await withAudit(
    ctx,
    staff,
    { action: 'operations.maintenance', targetType: 'settings', targetId: 'maintenance' },
    async (tx) => {
      await upsertSetting(tx, 'maintenance', input.on ? '1' : '0');
      await upsertSetting(tx, 'maintenance_message_ja', input.message_ja);
      await upsertSetting(tx, 'maintenance_message_en', input.message_en);
      return {
        before: { on: before.on, message_ja: before.message_ja, message_en: before.message_en },
        after: input,
        result: undefined,
      };
    },
  );
  ctx.maintenanceCache.clear();
  return maintenanceState(ctx);
}

/** What the storefront's maintenance page shows (readable while the shop is in maintenance). */
export async function maintenanceNotice(
  ctx: AppContext,
): Promise<{ on: boolean; message_ja: string; message_en: string }> {
  const s = await maintenanceState(ctx);
  return { on: s.on, message_ja: s.on ? s.message_ja : '', message_en: s.on ? s.message_en : '' };
}
