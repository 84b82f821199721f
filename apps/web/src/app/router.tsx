import { createBrowserRouter, redirect } from 'react-router';
import { UserLayout } from '../layouts/user-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { HOME_PATH, LOGIN_PATH, redirectIfSignedIn, requireSession } from './session-loader.ts';

/**
 * The spec's route table (§2). Pages of the menu are not routes of their own: the main layout's
 * catch-all resolves the path through the server's menu and the page registry.
 */
export const router = createBrowserRouter([
  {
    path: '/user',
    Component: UserLayout,
    children: [
      { index: true, loader: () => redirect(LOGIN_PATH) },
      { path: 'login', loader: redirectIfSignedIn, lazy: async () => ({ Component: (await import('../features/auth/pages/login-page.tsx')).LoginPage }) },
    ],
  },
  { path: '/test', loader: () => redirect('/test/home') },
  { path: '/404', Component: NotFoundPage },
  {
    path: '/',
    id: 'main',
    loader: requireSession,
    // every navigation inside the portal re-checks the session; the loader is cheap once permissions are loaded
    shouldRevalidate: () => true,
    lazy: async () => ({ Component: (await import('../layouts/main-layout.tsx')).MainLayout }),
    children: [
      { index: true, loader: () => redirect(HOME_PATH) },
      { path: '*', Component: null },
    ],
  },
]);
