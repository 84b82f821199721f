import { usePreferences } from '../lib/preferences.ts';
import { useAuth } from '../lib/auth.ts';
import { useLanguage } from '../lib/i18n.ts';
import { menuTitle } from '../lib/menu-title.ts';
import { useDocumentTitle } from './document-title.ts';
import { PageArea, useCurrentRoute } from './page-area.tsx';
import { MultiTabArea } from './tabs/multi-tab-area.tsx';

/** The content of the main layout: multi-page tabs when the settings drawer says so, else the current page only. */
export function ContentArea() {
  const multipage = usePreferences((state) => state.multipage);
  // no menu (signing out, or not loaded yet): show nothing rather than judge every path unknown (404)
  const signedIn = useAuth((state) => state.permissions !== null);
  const { route } = useCurrentRoute();
  const language = useLanguage();
  useDocumentTitle(route ? menuTitle(route.entry.meta.title, language) : null);
  if (!signedIn) return null;
  return multipage ? <MultiTabArea /> : <PageArea />;
}
