import * as React from 'react';
import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import '../lib/i18n.ts';
import { detachedStyles } from './render-ui.tsx';

// antd asks for matchMedia (responsive grid) and ResizeObserver; happy-dom has the latter
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) as MediaQueryList;
}

/*
 * React's development build records an "owner stack" with every element it creates (an Error captured for a
 * warning's component stack, and a console task): a fifth of the component tests' CPU. It stops recording past a
 * count per render; the count held past it leaves the warnings themselves as they are, with shorter stacks.
 */
const internals = (React as unknown as { __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE?: { recentlyCreatedOwnerStacks?: number } })
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (internals && 'recentlyCreatedOwnerStacks' in internals) {
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { get: () => Number.POSITIVE_INFINITY, set: () => undefined });
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// The files of a worker share one document (isolate: false in vitest.config.ts, for speed): each file leaves it as
// a new one would be. antd's styles would otherwise pile up (hundreds of KB a file; render-ui.tsx keeps them out of
// the document) and antd puts back what the next file's components need: it writes a component's style again
// whenever one mounts. The address goes back to the environment's: a download (a link to a blob: URL) moves it,
// and a page that builds an address from `location.origin` then read "null".
const START_URL = window.location.href;
afterAll(() => {
  document.head.querySelectorAll('style').forEach((style) => style.remove());
  detachedStyles.replaceChildren();
  document.body.replaceChildren();
  if (window.location.href !== START_URL) (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(START_URL);
});
