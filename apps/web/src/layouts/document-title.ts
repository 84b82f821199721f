import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n.ts';

/**
 * The browser's window title follows the page: '<page> - <site>', in the interface's language (the
 * site alone while the page has none yet). lib/i18n.ts puts the product title there on every language
 * change, which may come after this page's effect: the page's title is put back after it.
 */
export function useDocumentTitle(page: string | null | undefined, siteKey: 'productTitle' | 'publicTitle' = 'productTitle'): void {
  const { t } = useTranslation();
  const site = t(siteKey);
  useEffect(() => {
    const apply = () => {
      document.title = page ? `${page} - ${site}` : site;
    };
    apply();
    i18n.on('languageChanged', apply);
    return () => i18n.off('languageChanged', apply);
  }, [page, site]);
}
