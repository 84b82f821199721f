import { afterEach } from 'vitest';
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
