/** The portal's fixed addresses: every layer may import them (the router, the layouts, the session gate). */

/** The home page (spec §2): the first page after sign-in, the tab that cannot be closed. */
export const HOME_PATH = '/dashboard/analysis';
export const LOGIN_PATH = '/user/login';

/** The sign-in page with the address to come back to once signed in. */
export const loginRedirect = (url: URL) => `${LOGIN_PATH}?redirect=${encodeURIComponent(url.pathname + url.search)}`;
