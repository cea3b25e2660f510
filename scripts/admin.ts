/**
 * Staff accounts from the command line (issue 10). The first owner of a shop is made here; everyone else is
 * invited from the console (/admin/staff).
 *
 *   npm run admin -- create-owner --mail owner@example.jp [--name "Hanako Owner"]
 *
 * Prints a one-time setup link (72 hours): open it to choose a password, then set up two-step verification. Uses
 * DATABASE_URL, or the embedded database in DATA_DIR (stop the shop first: one embedded server per data folder).
 */
import { parseArgs } from 'node:util';
import { mailField } from '@oripa/core';
import { parseConfig } from '../apps/server/src/config.ts';
import { createStaffAccount } from '../apps/server/src/services/admin/staff.ts';
import { startShop } from '../apps/server/src/start.ts';

const USAGE = 'usage: npm run admin -- create-owner --mail <address> [--name <name>]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { mail: { type: 'string' }, name: { type: 'string' } },
});

if (positionals[0] !== 'create-owner') {
  console.error(USAGE);
  process.exit(2);
}
const mail = mailField.safeParse(values.mail ?? '');
if (!mail.success) {
  console.error(`--mail must be an email address\n${USAGE}`);
  process.exit(2);
}

const config = parseConfig({ ...process.env, SEED_DEMO: '0', JOBS: '0', LOG_LEVEL: 'warn' });
const shop = await startShop(config, { serveWeb: false, logger: false });
try {
  const name = values.name?.trim() || mail.data.split('@')[0]!;
  const { link } = await createStaffAccount(shop.ctx, { mail: mail.data, name, role: 'owner' });
  console.log(`Owner ${mail.data} created. Open this link within 72 hours to set the password and two-step sign-in:`);
  console.log(`  ${link}`);
} catch (err) {
  const reason = (err as { reason?: string }).reason;
  console.error(reason === 'mail_taken' ? `A staff member with ${mail.data} already exists.` : err);
  process.exitCode = 1;
} finally {
  await shop.close();
}
