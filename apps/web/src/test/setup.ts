import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import '../lib/i18n.ts';

// antd asks for matchMedia (responsive grid) and ResizeObserver; happy-dom has the latter
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// The files of a worker share one document (isolate: false in vitest.config.ts, for speed): each file leaves it as
// a new one would be. antd's styles would otherwise pile up in <head> (hundreds of KB a file), and every
// getComputedStyle (testing-library's role queries, user-event's pointer checks) would read them all. antd puts
// back what the next file's components need: it writes a component's style again whenever one mounts.
afterAll(() => {
  document.head.querySelectorAll('style').forEach((style) => style.remove());
  document.body.replaceChildren();
});
