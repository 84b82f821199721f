import { RouterProvider } from 'react-router';
import { router } from './router.ts';

/** The router alone: antd and TanStack Query come with the routes that use them (app/antd-shell.tsx). */
export function App() {
  return <RouterProvider router={router} />;
}
