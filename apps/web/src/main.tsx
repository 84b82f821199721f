import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import 'antd/dist/reset.css';
import { DEFAULT_LANGUAGE } from '@portal/shared/languages';
import { releaseFirstScreen } from './lib/first-screen.ts';
import { currentLanguage, i18nReady } from './lib/i18n.ts';
import { App } from './app/app.tsx';
import { router } from './app/router.ts';

const found = document.getElementById('root');
if (!found) throw new Error('index.html has no #root element');
const container: HTMLElement = found;

/** The public page the build drew into this HTML (vite.config.ts), if any. */
const prerendered = document.documentElement.getAttribute('data-prerendered');

/** The router's first match is complete: its chunks are there and its loaders have answered. */
function routerReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/** True when React hydrates the prerendered page (which releases itself: lib/first-screen.ts). */
async function start(): Promise<boolean> {
  // a visitor who chose another language than the default waits for its texts rather than seeing the default's flash
  await i18nReady;
  if (prerendered === null) {
    // at once: what the session gate hid (a prerendered page standing in for another) goes now
    flushSync(() => createRoot(container).render(app));
    return false;
  }
  // React takes over the prerendered screen once it can draw the same thing, not through an empty fallback
  await routerReady();
  if (currentLanguage() === DEFAULT_LANGUAGE && router.state.location.pathname === prerendered) {
    // what differs from the prerender (a company name kept in this tab, a number in the address) is drawn
    // afresh by React: expected, not an error
    hydrateRoot(container, app, { onRecoverableError: () => undefined });
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
