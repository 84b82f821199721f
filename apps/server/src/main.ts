import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDatabase } from './db/seed/seed.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo.ts';
import { createPostgresBus } from './lib/cache-bus.ts';
import { buildApp } from './app.ts';
import { JobQueue } from './lib/jobs.ts';
import { createLivePlatforms } from './modules/purchase/platform/registry.ts';
import { purchaseSettingsOf } from './modules/purchase/platform/settings.ts';

const config = loadConfig();
const seedDemoFlag = process.argv.includes('--seed-demo');

const database = config.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE })
  : await openDatabase({ kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'pglite') });
await database.migrate();
// the embedded database is a demo by nature; a real PostgreSQL gets known passwords only when asked
const outcome = await seedDatabase(database, { demo: database.kind === 'pglite' || seedDemoFlag, adminPassword: config.ADMIN_PASSWORD });

const bus = config.DATABASE_URL ? await createPostgresBus(config.DATABASE_URL, (error) => app.log.error({ err: error }, 'cache bus')) : undefined;
const jobs = new JobQueue(database, (error) => app.log.error({ err: error }, 'job queue'));
// PURCHASE_PLATFORMS=live: Taobao's and 1688's open APIs; otherwise the embedded demo catalogue (buildApp's default)
const purchasePlatforms = config.PURCHASE_PLATFORMS === 'live' ? createLivePlatforms(database.db, purchaseSettingsOf(config, database.kind)) : undefined;
const app = await buildApp({ config, database, bus, jobs, purchasePlatforms });
// after the app registered its jobs; the app's close stops it
await jobs.start();

const close = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await bus?.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void close('SIGINT'));
process.once('SIGTERM', () => void close('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
const url = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${config.PORT}`;
const lines = [
  '',
  `  Merchant portal is running at ${url}`,
  `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.DATA_DIR, 'pglite')}` : 'PostgreSQL'}`,
  `  API docs: ${url}/api/docs`,
];
if (database.kind === 'pglite' || seedDemoFlag) {
  lines.push(`  Demo accounts (password ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.username.padEnd(10)} ${account.who}`);
}
if (outcome.generatedAdminPassword) {
  lines.push(`  First start: user "admin" was created with the password ${outcome.generatedAdminPassword}`, '  It is shown only this once: sign in and change it.');
}
console.log(lines.join('\n') + '\n');
