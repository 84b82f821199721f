import { Button, Card, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, formatWeight } from '../../../lib/format.ts';
import type { ReceiveResult } from '../api/parcels.ts';

/** One attempt at the receive screen: the number scanned, the weight sent, and what the server said. */
export type Scan = { key: number; at: Date; number: string; weight: string; result: ReceiveResult | null; message: string | null };

/** The attempts of this session, newest first, with how many were received. */
export function ScanList({ scans, onClear }: { scans: Scan[]; onClear: () => void }) {
  const { t } = useTranslation('warehouse');
  const ok = scans.filter((scan) => scan.result).length;
  const columns: TableColumnsType<Scan> = [
    { key: 'at', title: t('common.time'), width: 170, render: (_, scan) => formatDateTime(scan.at) },
    { key: 'number', title: t('receive.number'), render: (_, scan) => <Typography.Text code>{scan.number}</Typography.Text> },
    {
      key: 'outcome',
      title: t('common.outcome'),
      width: 100,
      render: (_, scan) =>
        scan.result ? (
          <Tag color="success" icon={<CheckCircleFilled />}>
            {t('common.success')}
          </Tag>
        ) : (
          <Tag color="error" icon={<CloseCircleFilled />}>
            {t('common.failed')}
          </Tag>
        ),
    },
    { key: 'weight', title: t('receive.weight'), width: 110, align: 'right', render: (_, scan) => `${formatWeight(scan.weight)} kg` },
    {
      key: 'detail',
      title: t('receive.detail'),
      render: (_, scan) =>
        scan.result ? (
          <span>
            {scan.result.orderNo} · {scan.result.tenantName}
            {scan.result.freightCharge && ` · ${formatMoney(scan.result.freightCharge)} ${scan.result.freightCurrency ?? ''}`}
          </span>
        ) : (
          <Typography.Text type="danger">{scan.message}</Typography.Text>
        ),
    },
  ];
  return (
    <Card
      title={t('receive.scans')}
      extra={
        <Space>
          <Typography.Text type="secondary" data-testid="scan-count">
            {t('receive.scansCount', { count: scans.length, ok })}
          </Typography.Text>
          <Button size="small" onClick={onClear} disabled={scans.length === 0}>
            {t('receive.clearScans')}
          </Button>
        </Space>
      }
    >
      <Table<Scan>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={scans}
        pagination={scans.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        locale={{ emptyText: t('receive.noScans') }}
        data-testid="scan-list"
        rowClassName={(scan) => (scan.result ? 'scan-ok' : 'scan-failed')}
      />
    </Card>
  );
}
