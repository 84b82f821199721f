import { redirect, type LoaderFunctionArgs } from 'react-router';
import { useAuth } from '../lib/auth.ts';
import { currentToken } from '../lib/session.ts';
import { leaveNotice } from '../lib/notice.ts';
import { i18n } from '../lib/i18n.ts';
import { getUserInfo } from '../features/auth/api/get-user-info.ts';
import { getUserPermission } from '../features/auth/api/get-user-permission.ts';
import { queryAllDictItems } from '../features/auth/api/query-all-dict-items.ts';
import { dictFreshness } from './dict-freshness.ts';
import { setCompanyLanguage } from '../features/auth/api/set-company-language.ts';
import { isLanguage } from '@portal/shared/languages';
import { HOME_PATH, loginRedirect } from '../lib/paths.ts';

/**
 * Guards every page of the main layout (spec §4 "First navigation"): no token goes to the login
 * page with the full path to come back to; a token without permissions loads dictionaries and
 * permissions first; a failure shows 请求用户信息失败，请重试！ and signs out.
 */
export async function requireSession({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  if (!currentToken()) throw redirect(loginRedirect(url));
  // the server answers such a user nothing but the change: the main layout shows it instead of a page
  if (await passwordChangePending()) throw redirect(HOME_PATH);
  const state = useAuth.getState();
  if (state.permissions) return null;
  try {
    const [permissions, dictionaries] = await Promise.all([getUserPermission(), state.dictionaries ? Promise.resolve(state.dictionaries) : queryAllDictItems()]);
    if (dictionaries !== state.dictionaries) useAuth.getState().setDictionaries(dictionaries);
    // a reload: the permission answer carried the server's dictionary mark; a cache of another one is
    // fetched again before the first screen, so that it shows the texts of now
    await dictFreshness.refresh();
    useAuth.getState().setPermissions(permissions);
    const language = i18n.language;
    if (isLanguage(language)) void setCompanyLanguage(language);
  } catch {
    // the sign-in page shows it: the portal's message component is not up yet on a first visit
    leaveNotice(i18n.t('errors.loadUserFailed'));
    useAuth.getState().signedOut();
    throw redirect(loginRedirect(url));
  }
  return null;
}

/**
 * Whether the signed-in user must first change a password an administrator set or reset (the server refuses them
 * everything else). The sign-in answer says so; while it does, each check asks the server again, which may
 * know better (a change made meanwhile). A failure keeps what the sign-in said.
 */
export async function passwordChangePending(): Promise<boolean> {
  const stored = useAuth.getState().userInfo;
  if (!stored?.passwordChangeRequired) return false;
  const userInfo = await getUserInfo().catch(() => null);
  if (!userInfo) return true;
  useAuth.getState().setUserInfo(userInfo);
  return userInfo.passwordChangeRequired;
}

/** A signed-in user who opens the login page goes home (spec §2). */
export function redirectIfSignedIn(): null {
  if (currentToken()) throw redirect(HOME_PATH);
  return null;
}
