import type { PackageRecord } from '@portal/shared/system-tenants';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../components/list-page/list-config.ts';

/** GET /sys/tenantPackage/list: the tenant menu packages a published entry may join. */
export const useTenantPackages = (enabled: boolean) =>
  useQuery({
    queryKey: ['online-dev', 'tenant-packages'] as const,
    queryFn: ({ signal }) => http.get<Page<PackageRecord>>('/sys/tenantPackage/list', { params: { pageNo: 1, pageSize: 100 }, signal }).then((page) => page.records),
    enabled,
  });
