import { ConfigError, parseConfig } from './config.ts';
import { stopOnSignals } from './shutdown.ts';
import { startFailureMessage } from './start-failure.ts';
import { DEMO_OWNER } from './seed/demo-owner.ts';
import { startShop } from './start.ts';

const startedAt = performance.now();
let config;
try {
  config = parseConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

/** Any start failure: a message a person can act on instead of a stack (issue 12 A3). */
function failStart(err: unknown): never {
  console.error(`\n${startFailureMessage(err, config!)}\n`);
  process.exit(1);
}

const shop = await startShop(config).catch(failStart);
const address = await shop.app.listen({ port: config.port, host: config.host }).catch(async (err: unknown) => {
  await shop.close().catch(() => {});
  return failStart(err);
});
const url = config.publicUrl ?? address;
const ms = Math.round(performance.now() - startedAt);
console.log(`\n  KIRAKIRA ORIPA is running at ${url} (ready in ${ms} ms)`);
console.log(`  database: ${config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL in ${config.dataDir}/pg`}`);
if (config.seedDemo) {
  console.log('  demo member: demo@kirakira-oripa.example / demo1234');
  if (!config.secureCookies) {
    console.log(
      `  demo owner:  ${DEMO_OWNER.mail} / ${DEMO_OWNER.password} (console: ${url.replace(/\/$/, '')}/admin)`,
    );
  }
  if (config.sandbox) console.log(`  sandbox outbox: ${url.replace(/\/$/, '')}/sandbox/outbox`);
}
if (config.maintenance) console.log('  MAINTENANCE=1: every /api call answers state 9999');

stopOnSignals(shop);
