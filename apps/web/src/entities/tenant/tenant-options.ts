import type { TenantOption } from '@portal/shared/system-tenants';
import type { QueryField, RemoteOptions, TextKey } from '../../components/list-page/list-config.ts';
import { http } from '../../lib/http.ts';

/** GET /sys/tenant/options: the merchants by a part of their name, or the names of chosen ids (any platform user). */
export const TENANT_OPTIONS: RemoteOptions = {
  key: ['tenant', 'options'],
  fetch: (search, signal) => http.get<TenantOption[]>('/sys/tenant/options', { params: { keyword: search.keyword, ids: search.ids?.join(',') }, signal }),
};

/** The merchant filter of a platform list: chosen by name, sent as `tenantId`. */
export const tenantQueryField = (label: TextKey, hidden = false): QueryField => ({ name: 'tenantId', label, type: 'remote', remote: TENANT_OPTIONS, hidden });
