import { must } from '../../lib/must.ts';
import { randomBytes } from 'node:crypto';
import type { Database } from '../client.ts';
import { syncCatalogue } from './catalogue.ts';
import { hasUsers, seedDemo, seedPlatform } from './demo.ts';

export type SeedOutcome = { seeded: 'none' | 'demo' | 'production'; generatedAdminPassword?: string };

/**
 * Brings the catalogue up to date, then seeds people once, on a database without users:
 * the demo (known passwords) on the embedded database or when asked for; otherwise only an admin,
 * whose password comes from ADMIN_PASSWORD or is generated and returned to be printed once.
 */
export async function seedDatabase(database: Database, options: { demo: boolean; adminPassword?: string }): Promise<SeedOutcome> {
  const { db } = database;
  await syncCatalogue(db);
  if (await hasUsers(db)) return { seeded: 'none' };
  if (options.demo) {
    await db.transaction((tx) => seedDemo(tx));
    return { seeded: 'demo' };
  }
  const generated = options.adminPassword ? undefined : `${randomBytes(12).toString('base64url')}7a`;
  await db.transaction((tx) => seedPlatform(tx, options.adminPassword ?? must(generated, 'generated password')));
  return { seeded: 'production', generatedAdminPassword: generated };
}
