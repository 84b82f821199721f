import { startTransition, StrictMode, type ReactElement } from 'react';
import 'antd/dist/reset.css';
import { DEFAULT_LANGUAGE } from '@portal/shared/languages';
import { releaseFirstScreen } from './lib/first-screen.ts';
import type { router as appRouter } from './app/router.ts';

const found = document.getElementById('root');
if (!found) throw new Error('index.html has no #root element');
const container: HTMLElement = found;

/** The public page the build drew into this HTML (vite.config.ts), if any. */
const prerendered = document.documentElement.getAttribute('data-prerendered');

type Router = typeof appRouter;

/** The router's first match is complete: its chunks are there and its loaders have answered. */
function routerReady(router: Router): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * The main thread back to the browser (input, paint) before the next piece of the start: each piece below is
 * evaluated in a task of its own rather than the whole stack in one (docs/decisions/0036). The gate preloads
 * their chunks with the entry (vite.config.ts), so no piece waits for the network.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** True when React hydrates the prerendered page (which releases itself: lib/first-screen.ts). */
async function start(): Promise<boolean> {
  // i18next and the default language's texts; a visitor who chose another language waits for its texts rather
  // than seeing the default's flash
  const { currentLanguage, i18nReady } = await import('./lib/i18n.ts');
  await i18nReady;
  await nextTask();
  // the router and the route table: creating the router starts loading the page's chunks and running its loaders
  const [{ App }, { router }] = await Promise.all([import('./app/app.tsx'), import('./app/router.ts')]);
  await nextTask();
  const [{ createRoot, hydrateRoot }, { flushSync }] = await Promise.all([import('react-dom/client'), import('react-dom')]);
  await nextTask();
  const app: ReactElement = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (prerendered === null) {
    // at once: what the session gate hid (a prerendered page standing in for another) goes now
    flushSync(() => createRoot(container).render(app));
    return false;
  }
  // React takes over the prerendered screen once it can draw the same thing, not through an empty fallback
  await routerReady(router);
  if (currentLanguage() === DEFAULT_LANGUAGE && router.state.location.pathname === prerendered) {
    // what differs from the prerender (a company name kept in this tab, a number in the address) is drawn
    // afresh by React: expected, not an error. In a transition, the hydration yields to the browser every few
    // milliseconds instead of holding the main thread until it is done (an input's event still hydrates its part at once)
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: () => undefined });
    });
    return true;
  }
  // another language, or the router went elsewhere (a signed-in visitor on the sign-in page): drawn anew
  flushSync(() => createRoot(container).render(app));
  return false;
}

// the session gate hid what was not to be seen, and holds the prerendered forms until React has them:
// a hydration releases them once committed, anything else (a fresh render, a failure) at once
start().then(
  (hydrating) => {
    if (!hydrating) releaseFirstScreen();
  },
  (error: unknown) => {
    releaseFirstScreen();
    throw error;
  },
);
