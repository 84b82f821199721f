import type { PageLoader } from '../components/lazy-page.tsx';

/**
 * Server menu entries name their page by `component`; this typed table is the only way such a name
 * becomes code (never eval, never a path built from server text). A name missing here shows the
 * "not available yet" page. Business issues add their pages here.
 */
export const pageRegistry: Record<string, PageLoader> = {
  'dashboard/analysis': () => import('../features/dashboard/pages/analysis-page.tsx').then((m) => m.AnalysisPage),
  // read-only for now: the announcements the user receives; management joins with the system area
  'system/announcement-list': () => import('../features/dashboard/pages/announcement-list-page.tsx').then((m) => m.AnnouncementListPage),
};

export function findPage(component: string): PageLoader | undefined {
  return Object.hasOwn(pageRegistry, component) ? pageRegistry[component] : undefined;
}
