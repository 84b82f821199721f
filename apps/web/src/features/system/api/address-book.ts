import type { AddressBookDepartNode, AddressBookRecord } from '@portal/shared/system-org';
import { useQuery } from '@tanstack/react-query';
import { download, http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { userTimeZone } from '../../../lib/time-zone.ts';

export const ADDRESS_BOOK_KEY = ['system', 'addressBook'] as const;

/** GET /sys/user/queryByOrgCodeForAddressList: the tenant's people (phones masked unless the reader may see them). */
export const listAddressBook = (orgCode: string | null) => (params: ListParams, signal?: AbortSignal) =>
  http.get<Page<AddressBookRecord>>('/sys/user/queryByOrgCodeForAddressList', { params: { ...params, orgCode: orgCode ?? undefined }, signal });

/** GET /sys/addressBook/departTree: the tenant's departments for the book's left side. */
export const useAddressBookDeparts = () =>
  useQuery({ queryKey: [...ADDRESS_BOOK_KEY, 'departTree'], queryFn: ({ signal }) => http.get<AddressBookDepartNode[]>('/sys/addressBook/departTree', { signal }), staleTime: 60_000 });

/** GET /sys/addressBook/exportXls: the people the book shows, masked the same way. */
export const exportAddressBook = (filters: { orgCode?: string; keyword?: string }) => download('/sys/addressBook/exportXls', { params: { ...filters, timeZone: userTimeZone() } });
