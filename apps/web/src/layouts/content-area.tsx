import { usePreferences } from '../lib/preferences.ts';
import { PageArea } from './page-area.tsx';
import { MultiTabArea } from './tabs/multi-tab-area.tsx';

/** The content of the main layout: multi-page tabs when the settings drawer says so, else the current page only. */
export function ContentArea() {
  const multipage = usePreferences((state) => state.multipage);
  return multipage ? <MultiTabArea /> : <PageArea />;
}
