import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DetailRecord } from '@portal/shared/finance-schemas';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { DETAIL_LIST_KEY, listDetails, exportDetails } from '../api/details.ts';
import { DETAIL_QUERY, detailColumns } from '../components/detail-columns.tsx';
import { exportQuery } from '../list-body.ts';
import { withinPages } from '../../../components/list-page/within-pages.ts';

const DETAIL_LIST: ListPageConfig<DetailRecord> = {
  id: 'finance-detail',
  rowKey: 'id',
  queryKey: DETAIL_LIST_KEY,
  fetcher: withinPages(listDetails),
  query: DETAIL_QUERY,
  columns: detailColumns(),
};

/**
 * Every posted movement of the merchant's wallets, newest first (docs/finance.md): money in green,
 * money out red, and the wallet's balance just after each one.
 */
export function FinanceDetailPage() {
  // the list's texts are in this namespace: loaded before the list is drawn
  const { t } = useTranslation('finance');
  return (
    <Card>
      <ListPage config={DETAIL_LIST} exportSlot={(params) => <ExportButton code="finance:detail:export" label={t('common.export')} run={() => exportDetails(exportQuery(params))} />} />
    </Card>
  );
}
