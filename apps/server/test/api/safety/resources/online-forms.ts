import { and, eq } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../../../../src/db/seed/demo.ts';
import { permissions, tenants } from '../../../../src/db/schema/sys.ts';
import type { TenantResource } from '../tenant-resource.ts';

/* A row of an online form, published to every tenant package, made by tenant 1. */

const CODE = 'iso_contacts';
const NAME = 'Isolation contact 7781';
const FORM = `/api/online/cgform/api/form/${CODE}`;

export const resources: TenantResource[] = [
  {
    name: 'online form row',
    async create(owner) {
      // the platform defines and publishes the form (the owner's call, signed in as admin)
      const login = owner.ok<{ token: string }>(await owner.call({ method: 'POST', url: '/api/sys/login', payload: { username: 'admin', password: DEMO_PASSWORD } }));
      const asAdmin = { 'x-access-token': login.token };
      const definition = { code: CODE, titles: { 'zh-TW': 'Iso', 'zh-CN': 'Iso', 'en-US': 'Iso' }, fields: [{ key: 'name', titles: { 'zh-TW': 'N', 'zh-CN': 'N', 'en-US': 'N' }, type: 'text', unique: true, queryable: true }] };
      const form = owner.ok<{ id: number }>(await owner.call({ method: 'POST', url: '/api/online/cgform/head/add', payload: definition, headers: asAdmin }));
      const [group] = await owner.db.select({ id: permissions.id }).from(permissions).where(and(eq(permissions.menuType, 0), eq(permissions.platformOnly, false))).limit(1);
      const packageIds = [...new Set((await owner.db.select({ packageId: tenants.packageId }).from(tenants)).map((t) => t.packageId).filter((id): id is number => id !== null))];
      owner.ok(await owner.call({ method: 'POST', url: '/api/online/cgform/head/publish', payload: { id: form.id, parentId: group!.id, packageIds }, headers: asAdmin }));
      const row = owner.ok<{ id: number }>(await owner.call({ method: 'POST', url: FORM, payload: { values: { name: NAME } } }));
      return { id: row.id, no: NAME };
    },
    view: async (owner, record) => owner.ok(await owner.call({ method: 'GET', url: `${FORM}/${record.id}` })),
    byId: [
      { method: 'GET', url: '/api/online/cgform/api/form/:code/:id', id: 'path', with: { code: CODE } },
      { method: 'PUT', url: '/api/online/cgform/api/form/:code', id: 'body', with: { code: CODE, version: 1, values: { name: 'Taken over' } } },
      { method: 'DELETE', url: '/api/online/cgform/api/form/:code', id: 'query', with: { code: CODE } },
    ],
    lists: [
      { method: 'GET', url: `/api/online/cgform/api/getData/${CODE}` },
      { method: 'GET', url: `/api/online/cgform/api/exportXls/${CODE}` },
      { method: 'GET', url: '/api/sys/duplicate/check', query: { tableName: `onl_${CODE}`, fieldName: 'name', fieldVal: 'nothing' } },
    ],
  },
];
