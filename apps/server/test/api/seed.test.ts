import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { seedDatabase } from '../../src/db/seed/seed.ts';
import { syncCatalogue } from '../../src/db/seed/catalogue.ts';
import { users } from '../../src/db/schema/sys.ts';
import { permissions, rolePermissions } from '../../src/db/schema/sys.ts';
import { dictItems } from '../../src/db/schema/dict.ts';
import { createEmptyTestDatabase, createTestApp, createTestDatabase, testDbKind } from '../helpers/test-app.ts';

describe(`seeding (${testDbKind()})`, () => {
  it('gives a production database one admin with a generated password, and no demo accounts', async () => {
    // the demo-seeded test database is not wanted here: start from an empty, migrated one
    const target = await createEmptyTestDatabase();
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
  }, 90_000); // migrating an empty PGlite from scratch takes 20-30 s on a busy two-core machine

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
