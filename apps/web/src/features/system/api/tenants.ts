import type { PackageOption, TenantAddInput, TenantAdded, TenantEditInput, TenantRecord } from '@portal/shared/system-tenants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

/** Every query of the tenants starts with this: a change invalidates them all. */
export const TENANTS_KEY = ['system', 'tenant'] as const;
export const TENANT_LIST_KEY = [...TENANTS_KEY, 'list'] as const;

/** GET /sys/tenant/list: the merchant tenants, paged, filtered by name, status and package, sorted (newest first by default). */
export const listTenants = (params: ListParams, signal?: AbortSignal) => http.get<Page<TenantRecord>>('/sys/tenant/list', { params, signal });

/** GET /sys/tenant/packageOptions: every package, the default first (the form's select and the list's filter). */
export const packageOptionsQuery = () =>
  queryOptions({
    queryKey: [...TENANTS_KEY, 'packages'] as const,
    queryFn: ({ signal }) => http.get<PackageOption[]>('/sys/tenant/packageOptions', { signal }),
    staleTime: 30_000,
  });
export const usePackageOptions = (enabled = true) => useQuery({ ...packageOptionsQuery(), enabled });

/** POST /sys/tenant/add: the tenant and its main account; the generated password comes back once. Silent: the drawer shows a refusal. */
export const addTenant = (input: TenantAddInput) => http.post<TenantAdded>('/sys/tenant/add', input, { silent: true });
/** PUT /sys/tenant/edit. Silent: the drawer shows a refusal. */
export const editTenant = (input: TenantEditInput) => http.put<TenantRecord>('/sys/tenant/edit', input, { silent: true });
/** PUT /sys/tenant/freeze: its people are signed out at once. */
export const freezeTenants = (ids: number[]) => http.put<null>('/sys/tenant/freeze', { ids });
/** PUT /sys/tenant/unfreeze */
export const unfreezeTenants = (ids: number[]) => http.put<null>('/sys/tenant/unfreeze', { ids });

function useInvalidating<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: TENANTS_KEY }) });
}

export const useAddTenant = () => useInvalidating(addTenant);
export const useEditTenant = () => useInvalidating(editTenant);
export const useFreezeTenants = () => useInvalidating(freezeTenants);
export const useUnfreezeTenants = () => useInvalidating(unfreezeTenants);
