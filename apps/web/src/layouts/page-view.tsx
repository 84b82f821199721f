import { use } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from '@portal/shared/sys';
import { LazyPage } from '../components/lazy-page.tsx';
import { StatusMessage } from '../components/status-message.tsx';
import { useLanguage } from '../lib/i18n.ts';
import { entryTitle } from '../lib/menu-title.ts';
import { isIframe } from '../lib/menu.ts';
import { PagesContext } from './pages-context.ts';

/** One menu entry's page: its registered component, an iframe for internal URLs, or "not available yet". */
export function PageView({ entry }: { entry: MenuEntry }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const title = entryTitle(entry.meta, language);
  if (isIframe(entry) && entry.meta.url) {
    return <iframe title={title} src={entry.meta.url} style={{ width: '100%', minHeight: 'calc(100vh - 220px)', border: 0 }} />;
  }
  const load = use(PagesContext)(entry.component);
  if (!load) return <StatusMessage status="info" data-testid="not-available" title={t('layout.notAvailable.title')} description={t('layout.notAvailable.description', { title })} />;
  return <LazyPage load={load} />;
}
