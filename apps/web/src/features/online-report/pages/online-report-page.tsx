import { useMemo } from 'react';
import { Card } from 'antd';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ONLINE_CODE_PATTERN, ONLINE_REPORT_PATH_PREFIX } from '@portal/shared/online';
import { ReportView } from '../../../components/online-report/report-view.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { menuRoutes } from '../../../lib/menu.ts';
import { entryTitle } from '../../../lib/menu-title.ts';

/** The report's code: the last segment of the menu path `/online/cgreport/<code>`. */
export function reportCodeOf(pathname: string): string | null {
  if (!pathname.startsWith(ONLINE_REPORT_PATH_PREFIX)) return null;
  const code = pathname.slice(ONLINE_REPORT_PATH_PREFIX.length).replace(/\/+$/, '');
  return ONLINE_CODE_PATTERN.test(code) ? code : null;
}

/**
 * A published online report (page 'online/report'): the report whose code ends the
 * menu path, as a list page with its query form, Excel export and chart, under the menu entry's title.
 * In the tabbed layout the location is the tab's own, so a kept tab keeps its report.
 */
export function OnlineReportPage() {
  const { t } = useTranslation('online-report');
  const language = useLanguage();
  const { pathname } = useLocation();
  const menu = useAuth((state) => state.permissions?.menu);
  const entry = useMemo(() => menuRoutes(menu ?? []).get(pathname)?.entry, [menu, pathname]);
  const code = reportCodeOf(pathname);
  if (!code) return <StatusMessage status="warning" title={t('noReport')} data-testid="online-report-missing" />;
  return (
    <Card title={entry ? entryTitle(entry.meta, language) : undefined} data-testid="online-report-page">
      <ReportView code={code} />
    </Card>
  );
}
