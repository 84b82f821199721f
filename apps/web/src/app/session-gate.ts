/*
 * The first script of every page, a classic blocking one in <head> (docs/decisions/0009): it runs before
 * anything is drawn and before the portal's JavaScript is requested. The build names the entry and the
 * chunks to preload in its `data-entry` and `data-preload` rather than in tags, which the browser would
 * fetch ahead of this decision.
 * - A signed-in page opened without a session goes to the sign-in page at once, as the router's guard
 *   would (app/session-loader.ts), without downloading the router first. The root's HTML is the
 *   prerendered sign-in page itself: then only the address changes.
 * - A prerendered page that is not the one to show (the sign-in page standing in for the root of a
 *   signed-in visitor), or not in the visitor's language (it is drawn in zh-TW), stays hidden until
 *   React has drawn the right one (main.tsx) rather than flashing it.
 * - A prerendered page loads the portal's scripts once it is drawn; until React has taken it over, its
 *   controls are marked aria-disabled and its forms send nothing (a native submit would put the fields
 *   in the address).
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

  const root = document.documentElement;
  const script = document.currentScript;
  const { pathname, search } = window.location;
  const signedInPage = !OUTSIDE_MAIN_LAYOUT.test(pathname) && !pathname.includes('/yesstyleTrack');
  if (signedInPage && !hasToken()) {
    const login = `${LOGIN_PATH}?redirect=${encodeURIComponent(pathname + search)}`;
    if (root.getAttribute('data-prerendered') !== LOGIN_PATH) {
      window.location.replace(login);
      return;
    }
    window.history.replaceState(null, '', login);
  }

  const prerendered = root.getAttribute('data-prerendered');
  if (prerendered !== null) {
    const language = read(LANGUAGE_KEY);
    if (prerendered !== window.location.pathname) root.removeAttribute('data-prerendered');
    if (prerendered !== window.location.pathname || (language !== null && OTHER_LANGUAGES.includes(language))) root.style.visibility = 'hidden';
    // its controls are not usable until React has them: say so on each (assistive technology, browser
    // automation); each page gives back those it marks data-held once React has hydrated it (lib/first-screen.ts)
    document.addEventListener(
      'DOMContentLoaded',
      () => {
        if (!root.hasAttribute('data-prerendered')) return;
        for (const control of document.querySelectorAll('input, textarea, select, button')) {
          if (control.hasAttribute('aria-disabled')) continue;
          control.setAttribute('aria-disabled', 'true');
          control.setAttribute('data-held', '');
        }
      },
      { once: true },
    );
    document.addEventListener(
      'submit',
      (event) => {
        if (root.hasAttribute('data-prerendered')) event.preventDefault();
      },
      true,
    );
  }

  function load(): void {
    for (const file of script?.getAttribute('data-preload')?.split(' ').filter(Boolean) ?? []) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      document.head.append(link);
    }
    const entry = script?.getAttribute('data-entry');
    if (!entry) return;
    const module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.append(module);
  }

  // what is drawn already comes first; the scripts that take it over after
  if (root.hasAttribute('data-prerendered')) window.addEventListener('load', load, { once: true });
  else load();
})();
