import type { BrowserSuite, Language } from './browser-suite.ts';
import { PASSWORD, signInByApi, type Role, type Session } from './sessions.ts';

/** Calls of the portal's HTTP API with one session (or none); each answers the envelope's result and throws on a refusal. */
export type ApiSession = {
  get: <T>(urlPath: string) => Promise<T>;
  post: <T>(urlPath: string, body: unknown) => Promise<T>;
  put: <T>(urlPath: string, body: unknown) => Promise<T>;
  delete: <T>(urlPath: string) => Promise<T>;
};

/**
 * The portal's API as another client calls it, asking for answers in `language` (the texts it returns
 * depend on it): the tests prepare with it the data the screens then work on, and read what the screens did.
 */
export function portalApi(suite: Pick<BrowserSuite, 'portal' | 'session'>, language: Language) {
  const session = (token?: string): ApiSession => {
    const call = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', urlPath: string, body?: unknown): Promise<T> => {
      const response = await fetch(suite.portal().url + urlPath, {
        method,
        headers: {
          Accept: 'application/json',
          'Accept-Language': language,
          ...(token ? { 'X-Access-Token': token } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const envelope = (await response.json()) as { success: boolean; message: string; result: T };
      if (!response.ok || !envelope.success) throw new Error(`${method} ${urlPath}: HTTP ${response.status} ${envelope.message}`);
      return envelope.result;
    };
    return {
      get: (urlPath) => call('GET', urlPath),
      post: (urlPath, body) => call('POST', urlPath, body),
      put: (urlPath, body) => call('PUT', urlPath, body),
      delete: (urlPath) => call('DELETE', urlPath),
    };
  };
  return {
    /** calls without a session */
    anonymous: session(),
    /** the shared session of a demo role (the one its pages use), or a session of the test's own */
    as: (who: Role | Session): ApiSession => session(typeof who === 'string' ? suite.session(who).token : who.token),
    /** a new session of `username` (POST /api/sys/login), for a user of the test's own */
    signIn: async (username: string, password = PASSWORD): Promise<ApiSession> => session((await signInByApi(suite.portal().url, username, password)).token),
  };
}

type Depart = { id: number; orgCode: string; children: Depart[] };

/**
 * A user of the test's own in the tenant of `tenantAdmin`, with the role `roleCode` and, when given, the
 * departments `orgCodes` (the first the current one); the demo's password.
 */
export async function addUser(tenantAdmin: ApiSession, user: { username: string; realname: string; roleCode: string; orgCodes?: string[]; phone?: string }): Promise<void> {
  const roles = await tenantAdmin.get<{ id: number; roleCode: string }[]>('/api/sys/role/queryall');
  const flat = (departs: readonly Depart[]): Depart[] => departs.flatMap((depart) => [depart, ...flat(depart.children)]);
  const orgCodes = user.orgCodes ?? [];
  const departs = orgCodes.length > 0 ? flat(await tenantAdmin.get<Depart[]>('/api/sys/sysDepart/queryTreeList')).filter((depart) => orgCodes.includes(depart.orgCode)) : [];
  await tenantAdmin.post('/api/sys/user/add', {
    username: user.username,
    password: PASSWORD,
    // the walks' users act at once; the first sign-in's change is the API tests' subject
    passwordChangeRequired: false,
    realname: user.realname,
    phone: user.phone ?? '',
    roleIds: roles.filter((role) => role.roleCode === user.roleCode).map((role) => role.id),
    departIds: departs.map((depart) => depart.id),
    ...(orgCodes[0] ? { orgCode: orgCodes[0] } : {}),
  });
}

/**
 * A merchant tenant of the test's own on the default package, as registration makes one, made by the
 * platform's `admin`: its money, orders and purchases are nobody else's. Answers its main account's username.
 */
export async function addTenant(api: ReturnType<typeof portalApi>, name: string): Promise<string> {
  const admin = api.as('admin');
  const packages = await admin.get<{ id: number; isDefault: boolean }[]>('/api/sys/tenant/packageOptions');
  const username = `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const given = `${PASSWORD}-given`;
  await admin.post('/api/sys/tenant/add', {
    name,
    packageId: packages.find((option) => option.isDefault)?.id,
    account: { username, password: given, realname: `${name} main`, phone: `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` },
  });
  // the platform chose that password: the main account replaces it with its own (the demo's) before anything else
  const main = await api.signIn(username, given);
  await main.post('/api/sys/user/updatePassword', { username, oldpassword: given, password: PASSWORD, confirmpassword: PASSWORD });
  return username;
}
