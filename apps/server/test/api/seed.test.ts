import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';
import { seedDatabase } from '../../src/db/seed/seed.ts';
import { syncCatalogue } from '../../src/db/seed/catalogue.ts';
import { users } from '../../src/db/schema/sys.ts';
import { permissions, rolePermissions } from '../../src/db/schema/sys.ts';
import { dictItems } from '../../src/db/schema/dict.ts';
import { createTestApp, createTestDatabase, testDbKind } from '../helpers/test-app.ts';

describe(`seeding (${testDbKind()})`, () => {
  it('gives a production database one admin with a generated password, and no demo accounts', async () => {
    // the demo-seeded test database is not wanted here: start from an empty, migrated one
    const target = testDbKind() === 'pglite' ? await emptyPglite() : await createEmptyPostgres();
    const empty = target.database;
    try {
      await empty.migrate();
      const outcome = await seedDatabase(empty, { demo: false });
      expect(outcome.seeded).toBe('production');
      expect(outcome.generatedAdminPassword).toMatch(/^[A-Za-z0-9_-]{16}7a$/);
      const names = (await empty.db.select({ username: users.username }).from(users)).map((u) => u.username);
      expect(names).toEqual(['admin']);
      const app = await createTestApp({ testDatabase: { database: empty, drop: async () => undefined } });
      await expect(app.login('admin', outcome.generatedAdminPassword)).resolves.toMatch(/.{43}/);
      await expect(app.login('merchant')).rejects.toThrow();
      await app.app.close();
      // a second start seeds no one again
      expect((await seedDatabase(empty, { demo: true })).seeded).toBe('none');
    } finally {
      await target.drop();
    }
  });

  it('syncs the catalogue again without duplicating or losing anything', async () => {
    const t = await createTestDatabase();
    try {
      const count = async () => {
        const [p] = await t.database.db.select({ n: sql<number>`count(*)` }).from(permissions);
        const [r] = await t.database.db.select({ n: sql<number>`count(*)` }).from(rolePermissions);
        const [d] = await t.database.db.select({ n: sql<number>`count(*)` }).from(dictItems).where(eq(dictItems.status, 1));
        return [Number(p!.n), Number(r!.n), Number(d!.n)];
      };
      const before = await count();
      await syncCatalogue(t.database.db);
      expect(await count()).toEqual(before);
      // an entry the release adds reaches the built-in roles that take it
      await t.database.db.delete(permissions).where(eq(permissions.perms, 'logistics:order:export'));
      await syncCatalogue(t.database.db);
      expect(await count()).toEqual(before);
    } finally {
      await t.drop();
    }
  });
});

/** An empty database on the test PostgreSQL, dropped with the rest of the run's databases. */
async function createEmptyPostgres() {
  const { default: pg } = await import('pg');
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `portal_empty_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    database,
    async drop() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

async function emptyPglite() {
  const database = await openDatabase({ kind: 'pglite' });
  return { database, drop: () => database.close() };
}
