/*
 * The first script of every page, a classic blocking one in <head> (docs/decisions/0009): it runs before
 * anything is drawn and before the portal's JavaScript is requested.
 * - A signed-in page opened without a session goes to the sign-in page at once, as the router's guard
 *   would (app/session-loader.ts), without downloading the router first.
 * - Otherwise it loads the portal's entry, named by its own `data-entry` (the build puts it there
 *   rather than in a module script tag, which the browser would fetch ahead of this decision).
 * - A prerendered public page in another language than the prerendered one (zh-TW) stays hidden until
 *   React has drawn it in the visitor's language (main.tsx), rather than flashing the other texts.
 * The build compiles this file on its own (vite.config.ts), so it imports nothing: the names below
 * are those of lib/storage.ts, lib/i18n.ts, lib/paths.ts and app/routes.tsx.
 */
(() => {
  const STORAGE_PREFIX = 'pro__';
  const TOKEN_KEY = `${STORAGE_PREFIX}Access-Token`;
  const LANGUAGE_KEY = `${STORAGE_PREFIX}language`;
  const LOGIN_PATH = '/user/login';
  /** the languages other than the prerendered default, as stored */
  const OTHER_LANGUAGES = ['zh-CN', 'en-US'];
  /** the routes outside the main layout (app/routes.tsx) and the tracking exception: the router decides there */
  const OUTSIDE_MAIN_LAYOUT = /^\/(user|track|test|404)(\/|$)/;

  function read(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  }

  /** lib/storage.ts's format: `{ value, expire }`, expire a time in ms or null. */
  function hasToken(): boolean {
    const raw = read(TOKEN_KEY);
    if (raw === null) return false;
    try {
      const stored = JSON.parse(raw) as { value?: unknown; expire?: number | null };
      return Boolean(stored.value) && (stored.expire === null || stored.expire === undefined || stored.expire > Date.now());
    } catch {
      return false;
    }
  }

  const { pathname, search } = window.location;
  const signedInPage = !OUTSIDE_MAIN_LAYOUT.test(pathname) && !pathname.includes('/yesstyleTrack');
  if (signedInPage && !hasToken()) {
    window.location.replace(`${LOGIN_PATH}?redirect=${encodeURIComponent(pathname + search)}`);
    return;
  }

  const root = document.documentElement;
  const language = read(LANGUAGE_KEY);
  if (root.hasAttribute('data-prerendered') && language !== null && OTHER_LANGUAGES.includes(language)) root.style.visibility = 'hidden';

  const entry = document.currentScript?.getAttribute('data-entry');
  if (entry) {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  }
})();
