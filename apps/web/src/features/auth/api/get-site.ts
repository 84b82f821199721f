import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteSettings } from '@portal/shared/site';
import { http } from '../../../lib/http.ts';

/** GET /sys/site: the operator's name, copyright, filing numbers and tracking page (public). */
export const getSite = () => http.get<SiteSettings>('/sys/site', { silent: true });

// the settings change only with a server restart: one request per visit
export const siteQueryOptions = () => queryOptions({ queryKey: ['sys', 'site'], queryFn: getSite, staleTime: Infinity, gcTime: Infinity, retry: 1 });

export const useSite = () => useQuery(siteQueryOptions());
