import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './routes.tsx';

/**
 * The HTML of a public page as the browser's first render draws it (run by the build, vite.config.ts):
 * the same routes, in the default language, without a session or the site settings, so that React
 * hydrates it as it is (main.tsx). No hydration data: the browser's router runs its own loaders.
 */
export async function prerenderPage(url: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url} answers ${context.status}: only a page can be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  return new Response(prelude).text();
}
