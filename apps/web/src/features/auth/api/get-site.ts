import { useEffect, useState } from 'react';
import type { SiteSettings } from '@portal/shared/site';
import { http } from '../../../lib/http.ts';

/** GET /sys/site: the operator's name, copyright, filing numbers and tracking page (public). */
export const getSite = () => http.get<SiteSettings>('/sys/site', { silent: true });

// the settings change only with a server restart: one request per visit, shared by every page that asks
let loaded: SiteSettings | undefined;
let loading: Promise<SiteSettings> | null = null;

function loadSite(): Promise<SiteSettings> {
  loading ??= getSite().then(
    (site) => (loaded = site),
    (error: unknown) => {
      // the next page that asks tries again
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The site settings, undefined until they arrive (the public pages load no TanStack Query: docs/decisions/0006). */
export function useSite(): SiteSettings | undefined {
  const [site, setSite] = useState(loaded);
  useEffect(() => {
    if (site) return;
    let current = true;
    loadSite().then(
      (value) => current && setSite(value),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [site]);
  return site;
}
