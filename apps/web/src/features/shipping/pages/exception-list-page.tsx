import { useMemo, useState } from 'react';
import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExceptionRecord } from '@portal/shared/logistics-schemas';
import type { ExceptionStatusFilter } from '@portal/shared/logistics';
import { Access } from '../../../components/access.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { EXCEPTION_LIST_KEY, listExceptions, exportExceptions } from '../api/exceptions.ts';
import { ExceptionDealDialog } from '../components/exception-deal-dialog.tsx';
import { ExceptionDetailDrawer } from '../components/exception-detail-drawer.tsx';
import { DEAL_PERMISSION, dealShown } from '../deal-rule.ts';
import { exportFiltersOf } from '../export-filters.ts';
import { textKey } from '../../../components/list-page/text-key.ts';

const OPEN_EXCEPTIONS: ExceptionStatusFilter = 'OPEN';

type Handlers = { onDetail: (id: number) => void; onDeal: (exception: ExceptionRecord) => void };

function ExceptionActions({ exception, onDetail, onDeal }: { exception: ExceptionRecord } & Handlers) {
  const { t } = useTranslation('shipping');
  return (
    <Space size={0}>
      <Access code="logistics:collection-exception:detail">
        <Button type="link" size="small" onClick={() => onDetail(exception.id)} data-testid="exception-detail-open">
          {t('common.detail')}
        </Button>
      </Access>
      {dealShown(exception.status) && (
        <Access code={DEAL_PERMISSION}>
          <Button type="link" size="small" onClick={() => onDeal(exception)} data-testid="exception-deal">
            {t('exception.deal')}
          </Button>
        </Access>
      )}
    </Space>
  );
}

function exceptionList({ onDetail, onDeal }: Handlers): ListPageConfig<ExceptionRecord> {
  return {
    id: 'logistics-collection-exception',
    rowKey: 'id',
    queryKey: EXCEPTION_LIST_KEY,
    fetcher: listExceptions,
    defaultSort: { column: 'createdAt', order: 'desc' },
    query: [
      { name: 'orderNo', label: textKey('shipping', 'exception.orderNo'), type: 'input' },
      // 'OPEN': pending or awaiting the merchant, what the home page's figure counts and links to (?status=OPEN)
      { name: 'status', label: textKey('shipping', 'exception.status'), type: 'dict', dict: 'CollectionOrderExceptionConstant', extraOptions: [{ value: OPEN_EXCEPTIONS, label: textKey('shipping', 'exception.openStatuses') }] },
      { name: 'type', label: textKey('shipping', 'exception.type'), type: 'dict', dict: 'CollectionExceptionType' },
      { name: 'createdAt', label: textKey('shipping', 'common.createdAt'), type: 'date-range', hidden: true },
    ],
    columns: [
      { dataIndex: 'exceptionNo', phone: true, title: textKey('shipping', 'exception.exceptionNo'), fixed: 'left', width: 170 },
      { dataIndex: 'orderNo', title: textKey('shipping', 'exception.orderNo'), width: 170 },
      { dataIndex: 'type', title: textKey('shipping', 'exception.type'), dict: 'CollectionExceptionType', width: 130 },
      { dataIndex: 'description', title: textKey('shipping', 'exception.description'), format: 'ellipsis' },
      { dataIndex: 'status', phone: true, title: textKey('shipping', 'exception.status'), dict: 'CollectionOrderExceptionConstant', width: 190 },
      { dataIndex: 'resolution', title: textKey('shipping', 'exception.resolution'), dict: 'ExceptionResolution', width: 130 },
      { dataIndex: 'platformRemark', title: textKey('shipping', 'exception.platformRemark'), format: 'ellipsis', defaultHidden: true },
      { dataIndex: 'merchantRemark', title: textKey('shipping', 'exception.merchantRemark'), format: 'ellipsis', defaultHidden: true },
      { dataIndex: 'dealtAt', title: textKey('shipping', 'exception.dealtAt'), format: 'dateTime', width: 170 },
      { dataIndex: 'createdAt', title: textKey('shipping', 'common.createdAt'), format: 'dateTime', sorter: true, width: 170 },
      { key: 'actions', phone: true, title: textKey('shipping', 'common.actions'), fixed: 'right', width: 140, render: (exception) => <ExceptionActions exception={exception} onDetail={onDetail} onDeal={onDeal} /> },
    ],
  };
}

/**
 * Collection-order exceptions (CollectionOrderExceptionConstant): what the platform found wrong with
 * the merchant's goods; the merchant deals with the ones still open (spec §4: no Deal on '1', '3', '4').
 */
export function ExceptionListPage() {
  // the area's texts are there before the list draws its titles with them
  const { t } = useTranslation('shipping');
  const [detailId, setDetailId] = useState<number | null>(null);
  const [dealing, setDealing] = useState<ExceptionRecord | null>(null);
  const config = useMemo(() => exceptionList({ onDetail: setDetailId, onDeal: setDealing }), []);
  return (
    <Card>
      <ListPage config={config} exportSlot={(params) => <ExportButton code="logistics:collection-exception:export" label={t('common.export')} run={() => exportExceptions(exportFiltersOf(params))} />} />
      <ExceptionDealDialog exception={dealing} onClose={() => setDealing(null)} />
      <ExceptionDetailDrawer exceptionId={detailId} onClose={() => setDetailId(null)} />
    </Card>
  );
}
