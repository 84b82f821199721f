import { useNavigate, useSearchParams } from 'react-router';
import type { LoginResult } from '@portal/shared/sys';
import { useAuth } from '../../lib/auth.ts';
import { HOME_PATH } from '../../lib/paths.ts';
import { TENANT_NAME_SESSION_KEY } from '../../lib/storage.ts';
import { safeRedirect } from './account-rules.ts';

/**
 * What both ways in do with the server's answer (spec §4 "Login success"): keep token, user and
 * dictionaries for 7 days, then go to the page asked for in ?redirect= or home.
 */
export function useCompleteSignIn(): (result: LoginResult) => void {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const signedIn = useAuth((state) => state.signedIn);
  return (result) => {
    const tenantName = result.tenantList.find((tenant) => tenant.id === result.userInfo.tenantId)?.name;
    // the public pages put the operator's name under the same key; it must not pass for the user's tenant
    try {
      window.sessionStorage.removeItem(TENANT_NAME_SESSION_KEY);
    } catch {
      // storage disabled: nothing was kept either
    }
    signedIn({ ...result, tenantName });
    void navigate(safeRedirect(search.get('redirect'), HOME_PATH), { replace: true });
  };
}

/** `?redirect=…` of the current page, for links between the public pages: a detour by the forgotten password still ends on the page asked for. */
export function carryRedirect(search: URLSearchParams, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  const redirect = search.get('redirect');
  if (redirect) params.set('redirect', redirect);
  const query = params.toString();
  return query ? `?${query}` : '';
}
