import { lazy, Suspense } from 'react';

// antd's Result and its illustrations are for a refused page only: not on the home page's first screen
const ForbiddenResultView = lazy(() => import('./forbidden-result-view.tsx').then((module) => ({ default: module.ForbiddenResultView })));

/**
 * A page of the portal that the user's menu does not grant: said in the content area, with the menu
 * still there to go on, at the address asked for (to show whoever grants it).
 */
export function ForbiddenResult() {
  return (
    <Suspense fallback={null}>
      <ForbiddenResultView />
    </Suspense>
  );
}
