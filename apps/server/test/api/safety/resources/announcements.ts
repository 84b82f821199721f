import type { TenantResource } from '../tenant-resource.ts';

/* A company's announcements: managing them, and a reader's marks. Targets of another tenant are probed in test/api/announcement/manage.test.ts. */

type Announcement = { id: number; title: string; sendStatus: string; content: string; targetIds: number[] };

const draft = { title: 'Taken over', content: '<p>taken over</p>', priority: 'H', msgType: 'notice', audience: 'ALL', targetIds: [] };

export const resources: TenantResource[] = [
  {
    name: 'announcement',
    async create(owner) {
      const created = owner.ok<Announcement>(
        await owner.call({ method: 'POST', url: '/api/sys/announcement/add', payload: { title: 'tenant-safety-announcement', content: '<p>only for tenant 1</p>', priority: 'M', msgType: 'notice', audience: 'ALL' } }),
      );
      return { id: created.id, no: created.title };
    },
    async view(owner, record) {
      const page = owner.ok<{ records: Announcement[] }>(await owner.call({ method: 'GET', url: '/api/sys/announcement/list', query: { title: record.no } }));
      return page.records.find((announcement) => announcement.id === record.id) ?? null;
    },
    byId: [
      { method: 'PUT', url: '/api/sys/announcement/edit', id: 'body', with: draft },
      { method: 'DELETE', url: '/api/sys/announcement/delete', id: 'query' },
      { method: 'POST', url: '/api/sys/announcement/publish', id: 'body' },
      { method: 'POST', url: '/api/sys/announcement/revoke', id: 'body' },
      { method: 'POST', url: '/api/sys/announcement/read', id: 'body' },
      { method: 'GET', url: '/api/sys/announcement/detail', id: 'query' },
    ],
    lists: [
      { method: 'GET', url: '/api/sys/announcement/list', query: { pageSize: '100' } },
      { method: 'GET', url: '/api/sys/announcement/listByUser', query: { pageSize: '50' } },
      { method: 'GET', url: '/api/sys/announcement/unread' },
    ],
  },
];
