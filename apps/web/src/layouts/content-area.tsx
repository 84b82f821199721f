import { useTranslation } from 'react-i18next';
import { usePreferences } from '../lib/preferences.ts';
import { useAuth } from '../lib/auth.ts';
import { useLanguage } from '../lib/i18n.ts';
import { entryTitle } from '../lib/menu-title.ts';
import { useDocumentTitle } from './document-title.ts';
import { ForbiddenResult } from './forbidden-result.tsx';
import { PageArea, useCurrentRoute } from './page-area.tsx';
import { MultiTabArea } from './tabs/multi-tab-area.tsx';
import { useVisitReport } from './visit-report.ts';

/** The content of the main layout: multi-page tabs when the settings drawer says so, else the current page only. */
export function ContentArea() {
  const { t } = useTranslation();
  const multipage = usePreferences((state) => state.multipage);
  // no menu (signing out, or not loaded yet): show nothing rather than judge every path unknown (404)
  const signedIn = useAuth((state) => state.permissions !== null);
  const { route, forbidden } = useCurrentRoute();
  const language = useLanguage();
  useDocumentTitle(route ? entryTitle(route.entry.meta, language) : forbidden ? t('layout.pageTitles.forbidden') : null);
  // the menu entry's path, not the address: a detail page's ids say nothing the statistics need
  useVisitReport(signedIn && route ? route.entry.path : null);
  if (!signedIn) return null;
  if (!multipage) return <PageArea />;
  return (
    <>
      {/* the open tabs stay (hidden, with their state) under the refusal: a click on one goes back to it */}
      <MultiTabArea />
      {forbidden && <ForbiddenResult />}
    </>
  );
}
