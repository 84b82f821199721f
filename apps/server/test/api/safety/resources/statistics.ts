import { randomUUID } from 'node:crypto';
import { apiCallStats, apiKeys, pushDeliveries, pushEndpoints, pushMessages } from '../../../../src/db/schema/open-api.ts';
import { serverDay } from '../../../../src/lib/server-day.ts';
import { emptyBuckets } from '../../../../src/modules/open-api/usage/model.ts';
import type { TenantResource } from '../tenant-resource.ts';
import { referenceChanged } from '../../../../src/lib/reference-memory.ts';

/*
 * API and message push statistics: tenant 1's key with calls counted today and its
 * endpoint with a delivery today. The statistics take a key or an endpoint as a filter (`keyId`,
 * `endpointId`), whose cross-tenant 404 is asserted in test/api/open-api/usage-statistics.test.ts and
 * test/api/push/stats.test.ts; here tenant 2's statistics, filters and exports must not name them.
 */

export const resources: TenantResource[] = [
  {
    name: 'API call counts',
    async create(owner) {
      const name = 'tenant-1-statistics-key';
      const [key] = await owner.db
        .insert(apiKeys)
        .values({ tenantId: 1, name, scopes: ['orders:read'], expiresAt: new Date(Date.now() + 86_400_000) })
        .returning({ id: apiKeys.id });
      const latencyBuckets = emptyBuckets();
      latencyBuckets[3] = 9;
      await owner.db.insert(apiCallStats).values({ tenantId: 1, keyId: key!.id, apiType: 'ORDER_QUERY', day: serverDay(), calls: 9, latencyMsSum: 40, latencyBuckets });
      return { id: key!.id, no: name };
    },
    view: async (owner) => owner.ok(await owner.call({ method: 'GET', url: '/api/statistics/api', query: { preset: 'today' } })),
    byId: [],
    lists: [
      { method: 'GET', url: '/api/statistics/api', query: { preset: 'today' } },
      { method: 'GET', url: '/api/statistics/api/keys' },
      { method: 'GET', url: '/api/statistics/api/exportXls', query: { preset: 'today' } },
    ],
  },
  {
    name: 'push statistics',
    async create(owner) {
      const url = 'https://tenant-1-statistics.example.com/hook';
      const [endpoint] = await owner.db.insert(pushEndpoints).values({ tenantId: 1, url, eventTypes: ['ORDER_STATUS'], secretEnc: 'x' }).returning({ id: pushEndpoints.id });
      await referenceChanged(owner.db, 'pushEndpoints:1');
      const [message] = await owner.db.insert(pushMessages).values({ tenantId: 1, msgId: `msg_${randomUUID()}`, type: 'ORDER_STATUS', payload: {} }).returning({ id: pushMessages.id });
      await owner.db.insert(pushDeliveries).values({ tenantId: 1, messageId: message!.id, endpointId: endpoint!.id, status: 'SUCCEEDED' });
      return { id: endpoint!.id, no: url };
    },
    view: async (owner) => owner.ok(await owner.call({ method: 'GET', url: '/api/statistics/push', query: { preset: 'today' } })),
    byId: [],
    lists: [
      { method: 'GET', url: '/api/statistics/push', query: { preset: 'today' } },
      { method: 'GET', url: '/api/statistics/push/endpoints' },
      { method: 'GET', url: '/api/statistics/push/exportXls', query: { preset: 'today' } },
    ],
  },
];
