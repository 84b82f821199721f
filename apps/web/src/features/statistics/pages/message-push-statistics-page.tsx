import { lazy, Suspense, useState } from 'react';
import { Card, Col, Empty, Row, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PushEndpointFigures } from '@portal/shared/usage-statistics';
import { ExportButton } from '../../../components/export-button.tsx';
import { exportPushStatistics, pushStatisticsQuery, pushStatsEndpointsQuery } from '../api/push-statistics.ts';
import { rangeOfPreset, type DayRange } from '../range-rules.ts';
import { VisitRangePicker } from '../components/visit-range-picker.tsx';
import { RetryFailedButton } from '../components/retry-failed-button.tsx';
import { formatCount, formatMs, formatRate } from '../figures.ts';
import { TotalCards } from '../components/total-cards.tsx';

const noWrap = { onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' as const } }), onCell: () => ({ style: { whiteSpace: 'nowrap' as const } }) };

// the chart library is a chunk of its own, loaded by the statistics pages alone (DESIGN §6)
const PushDailyChart = lazy(() => import('../components/push-charts.tsx').then((m) => ({ default: m.PushDailyChart })));
const PushReasonsChart = lazy(() => import('../components/push-charts.tsx').then((m) => ({ default: m.PushReasonsChart })));

/**
 * Message push statistics: the merchant's webhook deliveries over a range: totals,
 * deliveries and success rate per day, failures by reason, per endpoint; failed ones sent again, Excel.
 */
export function MessagePushStatisticsPage() {
  const { t } = useTranslation('statistics');
  const [range, setRange] = useState<DayRange>(() => rangeOfPreset('today'));
  const [endpointId, setEndpointId] = useState<number>();
  const filter = { ...range, endpointId };
  const stats = useQuery(pushStatisticsQuery(filter));
  const endpoints = useQuery(pushStatsEndpointsQuery());
  const data = stats.data;
  const days = data?.days ?? [];
  const totals = data?.totals;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Space wrap align="start" style={{ width: '100%', justifyContent: 'space-between' }}>
          <VisitRangePicker value={range} onChange={setRange} />
          <Space wrap>
            <Select<number | undefined>
              aria-label={t('push.endpoint')}
              style={{ minWidth: 260, maxWidth: 420 }}
              value={endpointId}
              placeholder={t('push.allEndpoints')}
              allowClear
              onChange={(value) => setEndpointId(value ?? undefined)}
              options={(endpoints.data ?? []).map((endpoint) => ({ value: endpoint.id, label: endpoint.enabled ? endpoint.url : `${endpoint.url} (${t('push.disabled')})` }))}
              data-testid="endpoint-select"
            />
            <RetryFailedButton range={range} endpointId={endpointId} disabled={!totals || totals.failed === 0} />
            <ExportButton code="statistics:push:export" label={t('push.export')} run={() => exportPushStatistics(filter)} />
          </Space>
        </Space>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t('push.note')}
        </Typography.Paragraph>
      </Card>
      <TotalCards
        loading={stats.isPending}
        col={{ xs: 12, md: 8, xl: 4 }}
        figures={[
          { key: 'deliveries', title: t('push.deliveries'), value: formatCount(totals?.deliveries ?? 0) },
          { key: 'successRate', title: t('push.successRate'), value: formatRate(totals?.successRate ?? null) },
          { key: 'failed', title: t('push.failed'), value: formatCount(totals?.failed ?? 0) },
          { key: 'pending', title: t('push.pending'), value: formatCount(totals?.pending ?? 0) },
          { key: 'avgLatency', title: t('push.avgLatency'), value: formatMs(totals?.avgLatencyMs ?? null) },
          { key: 'p95Latency', title: t('push.p95Latency'), value: formatMs(totals?.p95LatencyMs ?? null) },
        ]}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title={t('push.dailyChart')} loading={stats.isPending}>
            {days.some((day) => day.deliveries > 0) ? (
              <Suspense fallback={<Skeleton active />}>
                <PushDailyChart days={days} />
              </Suspense>
            ) : <Empty description={t('push.empty')} />}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t('push.reasonsChart')} loading={stats.isPending}>
            {data && (data.reasons.some((row) => row.attempts > 0) || data.refusals.some((row) => row.deliveries > 0)) ? (
              <Suspense fallback={<Skeleton active />}>
                <PushReasonsChart reasons={data.reasons} refusals={data.refusals} />
              </Suspense>
            ) : <Empty description={t('push.noFailures')} />}
          </Card>
        </Col>
      </Row>
      <Card title={t('push.byEndpoint')}>
        <Table<PushEndpointFigures>
          rowKey="endpointId"
          size="small"
          loading={stats.isPending}
          dataSource={data?.endpoints ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            // a long URL wraps anywhere; the figures and their titles never break inside a word
            { title: t('push.endpoint'), dataIndex: 'url', onCell: () => ({ style: { wordBreak: 'break-all' } }), render: (url: string, row) => (row.enabled ? url : <Space size={4} wrap>{url}<Tag>{t('push.disabled')}</Tag></Space>) },
            { title: t('push.deliveries'), dataIndex: 'deliveries', align: 'right', ...noWrap, render: formatCount },
            { title: t('push.succeeded'), dataIndex: 'succeeded', align: 'right', ...noWrap, render: formatCount },
            { title: t('push.failed'), dataIndex: 'failed', align: 'right', ...noWrap, render: formatCount },
            { title: t('push.pending'), dataIndex: 'pending', align: 'right', ...noWrap, render: formatCount },
            { title: t('push.successRate'), dataIndex: 'successRate', align: 'right', ...noWrap, render: formatRate },
            { title: t('push.attempts'), dataIndex: 'attempts', align: 'right', ...noWrap, render: formatCount },
            { title: t('push.failedAttempts'), dataIndex: 'failedAttempts', align: 'right', ...noWrap, render: formatCount },
            { title: t('push.avgLatency'), dataIndex: 'avgLatencyMs', align: 'right', ...noWrap, render: formatMs },
            { title: t('push.p95Latency'), dataIndex: 'p95LatencyMs', align: 'right', ...noWrap, render: formatMs },
          ]}
          data-testid="push-endpoints-table"
        />
      </Card>
    </Space>
  );
}
