import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users, userTenants } from '../../../../src/db/schema/sys.ts';
import type { Owner, TenantRecord, TenantResource } from '../tenant-resource.ts';

/* The users' recycle bin and export (modules/system/user-recycle, user-transfer): tenant 1's users, as tenant 2 tries them. */

const U = '/api/sys/user';

/** A user of tenant 1, made in the database (the users' own API is another module's). */
async function tenantOneUser(owner: Owner, prefix: string): Promise<TenantRecord> {
  const username = `${prefix}_${randomBytes(4).toString('hex')}`;
  const [row] = await owner.db.insert(users).values({ username, realname: 'Tenant safety', passwordHash: '!', defaultTenantId: 1 }).returning({ id: users.id });
  await owner.db.insert(userTenants).values({ userId: row!.id, tenantId: 1 });
  return { id: row!.id, no: username };
}

const userRow = async (owner: Owner, record: TenantRecord) => (await owner.db.select({ username: users.username, delFlag: users.delFlag, deletedAt: users.deletedAt }).from(users).where(eq(users.id, record.id)))[0];

export const resources: TenantResource[] = [
  {
    name: 'user (delete, export)',
    create: (owner) => tenantOneUser(owner, 'safety_live'),
    view: userRow,
    byId: [{ method: 'DELETE', url: `${U}/delete`, id: 'query' }],
    lists: [
      { method: 'GET', url: `${U}/exportXls` },
      { method: 'GET', url: `${U}/recycleBin`, query: { pageSize: '100' } },
    ],
  },
  {
    name: 'user in the recycle bin',
    async create(owner) {
      const record = await tenantOneUser(owner, 'safety_bin');
      owner.ok(await owner.call({ method: 'DELETE', url: `${U}/delete`, query: { id: String(record.id) } }));
      return record;
    },
    view: async (owner, record) => {
      const bin = owner.ok<{ records: { id: number }[] }>(await owner.call({ method: 'GET', url: `${U}/recycleBin`, query: { keyword: record.no } }));
      return { bin: bin.records, row: await userRow(owner, record) };
    },
    byId: [{ method: 'DELETE', url: `${U}/delete`, id: 'query' }],
    lists: [{ method: 'GET', url: `${U}/recycleBin`, query: { pageSize: '100' } }],
  },
];
