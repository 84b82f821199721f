import type { PackageEditInput, PackageInput, PackageRecord, PackageTree } from '@portal/shared/system-tenants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

/** Every query of the packages starts with this; a change also reloads the tenants' package options. */
export const PACKAGES_KEY = ['system', 'tenant-package'] as const;
export const PACKAGE_LIST_KEY = [...PACKAGES_KEY, 'list'] as const;
const TENANTS_KEY = ['system', 'tenant'] as const;

/** GET /sys/tenantPackage/list: the default first, then by name. */
export const listPackages = (params: ListParams, signal?: AbortSignal) => http.get<Page<PackageRecord>>('/sys/tenantPackage/list', { params, signal });

/** POST /sys/tenantPackage/add. Silent: the drawer shows a refusal. */
export const addPackage = (input: PackageInput) => http.post<PackageRecord>('/sys/tenantPackage/add', input, { silent: true });
/** PUT /sys/tenantPackage/edit. Silent: the drawer shows a refusal. */
export const editPackage = (input: PackageEditInput) => http.put<PackageRecord>('/sys/tenantPackage/edit', input, { silent: true });
/** DELETE /sys/tenantPackage/delete?id=: refused while tenants use it, or for the default. */
export const deletePackage = (id: number) => http.delete<null>('/sys/tenantPackage/delete', { params: { id } });
/** PUT /sys/tenantPackage/setDefault: the package registration gives from now on. */
export const setDefaultPackage = (id: number) => http.put<PackageRecord>('/sys/tenantPackage/setDefault', { id });
/** PUT /sys/tenantPackage/savePermissions. Silent: the drawer shows a refusal. */
export const savePackagePermissions = (input: { packageId: number; permissionIds: number[] }) => http.put<null>('/sys/tenantPackage/savePermissions', input, { silent: true });

/** GET /sys/tenantPackage/queryTree?id=: the merchant side of the catalogue and what the package holds. */
export const usePackageTree = (id: number | null) =>
  useQuery({
    queryKey: [...PACKAGES_KEY, 'tree', id] as const,
    queryFn: ({ signal }) => http.get<PackageTree>('/sys/tenantPackage/queryTree', { params: { id }, signal }),
    enabled: id !== null,
    staleTime: 0,
  });

function useInvalidating<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: PACKAGES_KEY });
      await client.invalidateQueries({ queryKey: TENANTS_KEY });
    },
  });
}

export const useAddPackage = () => useInvalidating(addPackage);
export const useEditPackage = () => useInvalidating(editPackage);
export const useDeletePackage = () => useInvalidating(deletePackage);
export const useSetDefaultPackage = () => useInvalidating(setDefaultPackage);
export const useSavePackagePermissions = () => useInvalidating(savePackagePermissions);
