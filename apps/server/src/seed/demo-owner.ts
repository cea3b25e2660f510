import type { AppContext } from '../context.ts';
import { createStaffAccount } from '../services/admin/staff.ts';

/**
 * The demo owner of the console (development and demo only, printed at start beside the demo member). Two-step
 * sign-in is set up at the first login, like for anyone. A real shop makes its first owner with
 * `npm run admin -- create-owner`.
 */
export const DEMO_OWNER = { mail: 'owner@kirakira-oripa.example', password: 'demo-owner-1234', name: 'デモ オーナー' };

export async function seedDemoOwner(ctx: AppContext): Promise<void> {
  // Never a known password in production (secure cookies are on exactly there), even with SEED_DEMO=1.
  if (ctx.config.secureCookies) return;
  await createStaffAccount(ctx, { ...DEMO_OWNER, role: 'owner' }).catch((err: { reason?: string }) => {
    if (err.reason !== 'mail_taken') throw err;
  });
}
