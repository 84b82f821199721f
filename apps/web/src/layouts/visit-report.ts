import { useEffect } from 'react';
import { http } from '../lib/http.ts';

/**
 * A visit (docs/decisions/0019) is one opening of a menu page: reported once each time the current page
 * changes to another menu entry (not on re-renders, not for a tab merely shown again without a change of
 * address). The server buffers it; a failure here is nobody's business but the statistics'.
 */
export function useVisitReport(path: string | null): void {
  useEffect(() => {
    if (!path) return;
    http.post('/sys/visit', { path: path.slice(0, 200) }, { silent: true }).catch(() => undefined);
  }, [path]);
}
