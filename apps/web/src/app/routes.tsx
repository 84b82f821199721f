import type { ComponentType } from 'react';
import { redirect, useLoaderData, useRouteError, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_PATH, LOGIN_PATH, loginRedirect } from '../lib/paths.ts';
import { currentToken } from '../lib/session.ts';
import type { PublicLayoutHandle, PublicPageTitle } from '../layouts/user-layout.tsx';
import { passwordChangePending, redirectIfSignedIn, requireSession } from './session-loader.ts';

/**
 * A route whose component comes in its own chunk: the entry holds the router and nothing of the
 * pages, so the sign-in page loads only what it shows (<= 200 KB gzip for /user/login).
 */
const page = (load: () => Promise<ComponentType>) => async () => ({ Component: await load() });

/** A route of the portal's antd pages: its component inside the antd shell, loaded with it. */
const inShell = (load: () => Promise<ComponentType>) => async () => {
  const [Component, { AntdShell }] = await Promise.all([load(), import('./antd-shell.tsx')]);
  return {
    Component: () => (
      <AntdShell>
        <Component />
      </AntdShell>
    ),
  };
};

const FOR_THE_PUBLIC: PublicLayoutHandle = { forThePublic: true, title: 'layout.pageTitles.tracking' };

const userLayout = page(async () => (await import('../layouts/user-layout.tsx')).UserLayout);
const trackingPage = page(async () => (await import('../features/tracking/pages/tracking-page.tsx')).TrackingPage);

/** Spec §2: any path containing /yesstyleTrack is open; one that does not start with it goes to the tracking page it names. */
const TRACKING_MARKER = '/yesstyleTrack';

export function openTrackingPath(pathname: string): string | null {
  const at = pathname.indexOf(TRACKING_MARKER);
  if (at < 0) return null;
  const rest = pathname.slice(at + TRACKING_MARKER.length);
  return TRACKING_MARKER + (rest.startsWith('/') ? rest : '');
}

let mainShell: Promise<ComponentType> | null = null;

/** The main layout in the antd shell, with the page registry its pages come from (one download, kept). */
function loadMainShell(): Promise<ComponentType> {
  mainShell ??= import('./main-shell.tsx').then(
    ({ MainShell }) => MainShell,
    (error: unknown) => {
      // the next navigation tries again
      mainShell = null;
      throw error;
    },
  );
  return mainShell;
}

/** What a user whose password an administrator reset sees instead of the main layout; loaded only for them. */
const loadPasswordChangeGate = async (): Promise<ComponentType> => (await import('./password-change-gate.tsx')).PasswordChangeGate;

/**
 * The main layout's guard, after the tracking exception (the tracking routes themselves match first).
 * The layout's chunks load only once the token is there: a route's `lazy` would start them alongside the
 * loader, and a visitor without a session would download the whole signed-in layout to be sent away.
 * With a token, they load while the permissions do. A user who must first change a password an administrator
 * reset gets the change screen at the address asked for, and the page itself once it is changed.
 */
async function mainLoader(args: LoaderFunctionArgs): Promise<ComponentType> {
  const url = new URL(args.request.url);
  const open = openTrackingPath(url.pathname);
  if (open) throw redirect(open);
  if (!currentToken()) throw redirect(loginRedirect(url));
  if (await passwordChangePending()) return loadPasswordChangeGate();
  const [, shell] = await Promise.all([requireSession(args), loadMainShell()]);
  return shell;
}

function MainRoute() {
  // a client-side loader may answer a component; the type of useLoaderData assumes serialised data
  const Shell = useLoaderData() as ComponentType;
  return <Shell />;
}

/**
 * What a public route shows when its chunk cannot be loaded (a network gone away, a deployment that
 * replaced the chunks): plain elements, so it needs nothing that could have failed to load too.
 */
function PublicRouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <div role="alert" style={{ maxWidth: 420, margin: '20vh auto 0', padding: 24, textAlign: 'center', fontFamily: 'inherit' }}>
      <h1 style={{ fontSize: 20 }}>{t('auth.routeError.title')}</h1>
      <p>{t('auth.routeError.description')}</p>
      <button type="button" onClick={() => window.location.reload()} style={{ padding: '6px 16px', cursor: 'pointer' }}>
        {t('auth.routeError.retry')}
      </button>
    </div>
  );
}

/** Nothing while the first route's chunk and loader run: the page appears whole a moment later. */
const Loading = () => null;

/**
 * A route that only redirects (its loader answers the redirect) still needs something to render for the
 * router (else it warns "Matched leaf route ... does not have an element or Component" on /, /user, /test).
 */
const Redirecting = () => null;

/** The title of a public page, which the user layout gives the browser's window. */
const titled = (title: PublicPageTitle): { handle: PublicLayoutHandle } => ({ handle: { title } });

/**
 * The spec's route table (§2). Pages of the menu are not routes of their own: the main layout's
 * catch-all resolves the path through the server's menu and the page registry. The browser's router
 * (app/router.ts) and the build's prerender of the public pages (app/prerender.tsx) both use it.
 */
export const routes: RouteObject[] = [
  {
    // the public pages: product title, slogan, company, language and the operator's footer around each
    id: 'public',
    lazy: userLayout,
    HydrateFallback: Loading,
    ErrorBoundary: PublicRouteError,
    children: [
      {
        path: '/user',
        children: [
          { index: true, loader: () => redirect(LOGIN_PATH), Component: Redirecting },
          { path: 'login', loader: redirectIfSignedIn, lazy: page(async () => (await import('../features/auth/pages/login-page.tsx')).LoginPage), ...titled('auth.login.title') },
          { path: 'register', lazy: page(async () => (await import('../features/auth/pages/register-page.tsx')).RegisterPage), ...titled('auth.register.title') },
          { path: 'register-result', lazy: page(async () => (await import('../features/auth/pages/register-result-page.tsx')).RegisterResultPage), ...titled('auth.registerResult.title') },
          { path: 'alteration', lazy: page(async () => (await import('../features/auth/pages/alteration-page.tsx')).AlterationPage), ...titled('auth.alteration.title') },
        ],
      },
      // the public's pages: the layout names the service, not the merchants' back office
      { path: '/track', lazy: trackingPage, handle: FOR_THE_PUBLIC },
      { path: '/yesstyleTrack/*', lazy: trackingPage, handle: FOR_THE_PUBLIC },
      {
        // spec §2: /test redirects to its child home, shown in no menu; like every page not on the open list, it needs a session
        path: '/test',
        children: [
          { index: true, loader: () => redirect('/test/home'), Component: Redirecting },
          { path: 'home', loader: requireSession, lazy: page(async () => (await import('../features/auth/pages/test-home-page.tsx')).TestHomePage), ...titled('auth.testHome.title') },
        ],
      },
    ],
  },
  { path: '/404', HydrateFallback: Loading, lazy: inShell(async () => (await import('./not-found-page.tsx')).NotFoundPage) },
  {
    path: '/',
    id: 'main',
    loader: mainLoader,
    HydrateFallback: Loading,
    // every navigation inside the portal re-checks the session; the loader is cheap once permissions are loaded
    shouldRevalidate: () => true,
    Component: MainRoute,
    children: [
      { index: true, loader: () => redirect(HOME_PATH), Component: Redirecting },
      { path: '*', Component: null },
    ],
  },
];
