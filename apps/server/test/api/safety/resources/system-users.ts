import { and, eq } from 'drizzle-orm';
import { departments } from '../../../../src/db/schema/sys.ts';
import type { Owner, TenantRecord, TenantResource } from '../tenant-resource.ts';

/* User management: a user of tenant 1, and a department of tenant 1 by its members. */

const U = '/api/sys/user';
type Page = { records: { id: number; [field: string]: unknown }[] };

/** The user as the owner's list shows it (edits, freezing and roles all show here). */
async function viewUser(owner: Owner, record: TenantRecord) {
  const page = owner.ok<Page>(await owner.call({ method: 'GET', url: `${U}/list`, query: { username: record.no, pageSize: '10' } }));
  const roles = owner.ok<number[]>(await owner.call({ method: 'GET', url: `${U}/queryUserRole`, query: { userid: String(record.id) } }));
  return { user: page.records.find((user) => user.id === record.id), roles };
}

export const resources: TenantResource[] = [
  {
    name: 'system user',
    async create(owner) {
      const created = owner.ok<{ id: number; username: string }>(
        await owner.call({ method: 'POST', url: `${U}/add`, payload: { username: 'tenantSafetyUser', password: 'Welcome2026x', realname: 'Tenant safety', phone: '0912555666' } }),
      );
      return { id: created.id, no: created.username };
    },
    view: viewUser,
    byId: [
      { method: 'PUT', url: `${U}/edit`, id: 'body', with: { realname: 'Taken over' } },
      { method: 'PUT', url: `${U}/changePassword`, id: 'body', with: { mode: 'show' } },
    ],
    lists: [{ method: 'GET', url: `${U}/list`, query: { pageSize: '100' } }],
  },
  {
    name: 'department members',
    async create(owner) {
      const [depart] = await owner.db
        .select({ id: departments.id, name: departments.departName })
        .from(departments)
        .where(and(eq(departments.tenantId, 1), eq(departments.orgCode, 'A01A01')));
      if (!depart) throw new Error('tenant 1 has no A01A01');
      return { id: depart.id, no: depart.name };
    },
    view: async (owner, record) => owner.ok(await owner.call({ method: 'GET', url: `${U}/queryUserByDepId`, query: { id: String(record.id) } })),
    byId: [{ method: 'GET', url: `${U}/queryUserByDepId`, id: 'query' }],
    lists: [],
  },
];
