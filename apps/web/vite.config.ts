import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';

/** Where `npm start -w @portal/server` listens by default. */
const SERVER_ORIGIN = 'http://127.0.0.1:8080';

/** Paths the server answers; everything else is the SPA. */
const SERVER_PATHS = ['/api', '/platform-api', '/healthz', '/readyz'] as const;

const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  // `^/api(/|$)` rather than the bare prefix, so that a route such as /api-keys stays in the SPA
  SERVER_PATHS.map((path) => [`^${path}(/|$|\\?)`, { target: SERVER_ORIGIN }]),
);

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // no manual chunk groups: the login page must not load the main layout's components (issue 3 target:
    // <= 200 KB gzip of JavaScript for /user/login); each route's chunk pulls in just what it uses
  },
});
