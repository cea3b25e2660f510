import {
  publicShopSettings,
  SHOP_SETTING_KEYS,
  type ShopSettingKey,
  type ShopSettings,
  type ShopSettingsInput,
} from '@oripa/core/admin';
import type { AppContext } from '../context.ts';
import { findSettings, upsertSetting } from '../db/queries/settings.ts';
import { withAudit } from './admin/audit.ts';
import type { StaffIdentity } from './admin/staff-sessions.ts';

/** Every shop setting core defines, '' for those never set. */
export async function shopSettings(ctx: AppContext): Promise<ShopSettings> {
  const set = await findSettings(ctx.db.pool, SHOP_SETTING_KEYS);
  return Object.fromEntries(SHOP_SETTING_KEYS.map((k) => [k, set.get(k) ?? ''])) as ShopSettings;
}

/** What the storefront shows of them (site_info): the public ones. */
export async function storefrontSettings(ctx: AppContext) {
  return publicShopSettings(await shopSettings(ctx));
}

/**
 * An owner's save of some settings (each validated by its core schema in the route), one audited write with the
 * values before and after. Answers every setting as it now stands.
 */
export async function saveShopSettings(
  ctx: AppContext,
  staff: StaffIdentity,
  input: ShopSettingsInput,
): Promise<ShopSettings> {
  const keys = SHOP_SETTING_KEYS.filter((k) => input[k] !== undefined);
  const before = await shopSettings(ctx);
  await withAudit(
    ctx,
    staff,
    { action: 'settings.update', targetType: 'settings', targetId: keys.join(',') },
    async (tx) => {
      for (const k of keys) await upsertSetting(tx, k, input[k]!);
      const pick = (s: Partial<Record<ShopSettingKey, string>>) => Object.fromEntries(keys.map((k) => [k, s[k] ?? '']));
      return { before: pick(before), after: pick(input), result: undefined };
    },
  );
  return shopSettings(ctx);
}
