import type { TenantResource } from '../tenant-resource.ts';

/*
 * Token management and the audit log: a live session of tenant 1's staff, ended by its id; a line
 * of tenant 1's audit log, read by its id. Ending every session of a user takes a `userId` (not an `id`):
 * its cross-tenant 404 is asserted in test/api/auth/sessions.test.ts.
 */

type Session = { id: number; username: string };
type Line = { id: number; label: string };

export const resources: TenantResource[] = [
  {
    name: 'session',
    async create(owner) {
      // a sign-in of the owner's staff: a session of a user whose home is tenant 1
      owner.ok(await owner.call({ method: 'POST', url: '/api/sys/login', payload: { username: 'staff', password: 'Portal#2026' } }));
      const page = owner.ok<{ records: Session[] }>(await owner.call({ method: 'GET', url: '/api/sys/session/list', query: { username: 'staff', pageSize: '200' } }));
      const session = page.records[0];
      if (!session) throw new Error('no session of staff in tenant 1');
      return { id: session.id, no: 'tenant-1-staff-session' };
    },
    async view(owner, record) {
      const page = owner.ok<{ records: Session[] }>(await owner.call({ method: 'GET', url: '/api/sys/session/list', query: { pageSize: '200' } }));
      return page.records.find((session) => session.id === record.id) ?? null;
    },
    byId: [{ method: 'POST', url: '/api/sys/session/revoke', id: 'body' }],
    lists: [{ method: 'GET', url: '/api/sys/session/list', query: { pageSize: '200' } }],
  },
  {
    name: 'audit log line',
    async create(owner) {
      owner.ok(await owner.call({ method: 'POST', url: '/api/sys/position/add', payload: { code: 'tenant-safety-audit', name: 'Audited position', rank: 2 } }));
      const page = owner.ok<{ records: Line[] }>(await owner.call({ method: 'GET', url: '/api/sys/auditLog/list', query: { resource: 'position', action: 'create', pageSize: '200' } }));
      const line = page.records.find((entry) => entry.label === 'tenant-safety-audit');
      if (!line) throw new Error('no audit line of the position');
      return { id: line.id, no: line.label };
    },
    view: async (owner, record) => owner.ok(await owner.call({ method: 'GET', url: '/api/sys/auditLog/queryById', query: { id: String(record.id) } })),
    byId: [{ method: 'GET', url: '/api/sys/auditLog/queryById', id: 'query' }],
    lists: [{ method: 'GET', url: '/api/sys/auditLog/list', query: { pageSize: '200' } }],
  },
];
