import { createContext } from 'react';
import type { PageLoader } from '../components/lazy-page.tsx';

/** The page a menu entry's `component` names, if the portal has it. */
export type FindPage = (component: string) => PageLoader | undefined;

/**
 * The app hands its page registry (app/page-registry.ts) to the layouts through this context: the
 * registry imports every feature, and layouts do not import the app.
 */
export const PagesContext = createContext<FindPage>(() => undefined);
