import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';
import { seedDatabase } from '../../src/db/seed/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a migrated, demo-seeded PGlite data directory as a tar file (TEST_DB=pglite) */
    pgliteSeed: string;
    /** a migrated, demo-seeded PostgreSQL database to copy (TEST_DB=postgres) */
    postgresTemplate: string;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/**
 * Migrating and seeding the demo takes seconds and every test file wants a fresh copy: it is done once
 * per run here, and each file starts from a copy (a PGlite dump, or a PostgreSQL template database).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (start one with scripts/pg.sh start)');
    const name = `portal_template_${randomBytes(6).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    await database.migrate();
    await seedDatabase(database, { demo: true });
    await database.close();
    project.provide('postgresTemplate', name);
    return () => admin(`drop database if exists ${name} with (force)`);
  }
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seedDatabase(database, { demo: true });
  const dump = await (database as unknown as { pglite: { dumpDataDir(compression: 'none'): Promise<Blob> } }).pglite.dumpDataDir('none');
  await database.close();
  const directory = path.join(repoRoot, '.tmp', `pglite-seed-${randomBytes(4).toString('hex')}`);
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, 'seeded.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSeed', file);
  return async () => rmSync(directory, { recursive: true, force: true });
}
