import { ConfigError, parseConfig } from './config.ts';
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

const shop = await startShop(config);
const address = await shop.app.listen({ port: config.port, host: config.host });
const url = config.publicUrl ?? address;
const ms = Math.round(performance.now() - startedAt);
console.log(`\n  KIRAKIRA ORIPA is running at ${url} (ready in ${ms} ms)`);
console.log(`  database: ${config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL in ${config.dataDir}/pg`}`);
if (config.seedDemo) {
  console.log('  demo member: demo@kirakira-oripa.example / demo1234');
  if (config.sandbox) console.log(`  sandbox outbox: ${url.replace(/\/$/, '')}/sandbox/outbox`);
}
if (config.maintenance) console.log('  MAINTENANCE=1: every /api call answers state 9999');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    shop.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
