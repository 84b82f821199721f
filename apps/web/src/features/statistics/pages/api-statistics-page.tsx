import { lazy, Suspense, useState } from 'react';
import { Card, Col, Empty, Row, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API_STATS_OTHER, type ApiFigures, type ApiKeyFigures, type ApiTypeFigures } from '@portal/shared/usage-statistics';
import { ExportButton } from '../../../components/export-button.tsx';
import { findDictOption, useDictOptions } from '../../../components/dict-items.ts';
import { apiStatisticsQuery, apiStatsKeysQuery, exportApiStatistics } from '../api/api-statistics.ts';
import { rangeOfPreset, type DayRange } from '../range-rules.ts';
import { VisitRangePicker } from '../components/visit-range-picker.tsx';
import { formatCount, formatMs, formatRate } from '../figures.ts';
import { TotalCards } from '../components/total-cards.tsx';

// the chart library is a chunk of its own, loaded by the statistics pages alone (DESIGN §6)
const ApiCallsChart = lazy(() => import('../components/api-charts.tsx').then((m) => ({ default: m.ApiCallsChart })));
const ApiLatencyChart = lazy(() => import('../components/api-charts.tsx').then((m) => ({ default: m.ApiLatencyChart })));

/**
 * API statistics: the calls of the merchant's API keys over a range, as totals, charts
 * per day, and tables per key and per operation; filtered by key and operation, exported to Excel.
 */
export function ApiStatisticsPage() {
  const { t } = useTranslation('statistics');
  const [range, setRange] = useState<DayRange>(() => rangeOfPreset('today'));
  const [keyId, setKeyId] = useState<number>();
  const [apiType, setApiType] = useState<string>();
  const filter = { ...range, keyId, apiType };
  const stats = useQuery(apiStatisticsQuery(filter));
  const keys = useQuery(apiStatsKeysQuery());
  const apiTypes = useDictOptions('ApiTypeEnum');
  const apiTypeText = (code: string) => (code === API_STATS_OTHER ? t('api.other') : (findDictOption(apiTypes.options, code)?.text ?? code));

  const data = stats.data;
  const days = data?.days ?? [];
  const figureColumns = [
    { title: t('api.calls'), dataIndex: 'calls', align: 'right' as const, width: 110, render: formatCount },
    { title: t('api.clientErrors'), dataIndex: 'clientErrors', align: 'right' as const, width: 130, render: formatCount },
    { title: t('api.serverErrors'), dataIndex: 'serverErrors', align: 'right' as const, width: 130, render: formatCount },
    { title: t('api.throttled'), dataIndex: 'throttled', align: 'right' as const, width: 110, render: formatCount },
    { title: t('api.errorRate'), dataIndex: 'errorRate', align: 'right' as const, width: 100, render: (value: number, row: ApiFigures) => (row.calls === 0 ? '-' : formatRate(value)) },
    { title: t('api.p50Ms'), dataIndex: 'p50Ms', align: 'right' as const, width: 110, render: formatMs },
    { title: t('api.p95Ms'), dataIndex: 'p95Ms', align: 'right' as const, width: 110, render: formatMs },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Space wrap align="start" style={{ width: '100%', justifyContent: 'space-between' }}>
          <VisitRangePicker value={range} onChange={setRange} />
          <Space wrap>
            <Select<number | undefined>
              aria-label={t('api.key')}
              style={{ minWidth: 200 }}
              value={keyId}
              placeholder={t('api.allKeys')}
              allowClear
              onChange={(value) => setKeyId(value ?? undefined)}
              options={(keys.data ?? []).map((key) => ({ value: key.id, label: key.revoked ? `${key.name} (${t('api.revoked')})` : key.name }))}
              data-testid="key-select"
            />
            <Select<string | undefined>
              aria-label={t('api.apiType')}
              style={{ minWidth: 180 }}
              value={apiType}
              placeholder={t('api.allApiTypes')}
              allowClear
              loading={apiTypes.loading}
              onChange={(value) => setApiType(value ?? undefined)}
              options={[...apiTypes.options.map((option) => ({ value: option.value, label: option.text })), { value: API_STATS_OTHER, label: t('api.other') }]}
              data-testid="api-type-select"
            />
            <ExportButton code="statistics:api:export" label={t('api.export')} run={() => exportApiStatistics(filter)} />
          </Space>
        </Space>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t('api.note')}
        </Typography.Paragraph>
      </Card>
      <TotalCards
        loading={stats.isPending}
        col={{ xs: 12, md: 6 }}
        figures={[
          { key: 'calls', title: t('api.calls'), value: formatCount(data?.totals.calls ?? 0) },
          { key: 'errorRate', title: t('api.errorRate'), value: data && data.totals.calls > 0 ? formatRate(data.totals.errorRate) : '-' },
          { key: 'p50Ms', title: t('api.p50Ms'), value: formatMs(data?.totals.p50Ms ?? null) },
          { key: 'p95Ms', title: t('api.p95Ms'), value: formatMs(data?.totals.p95Ms ?? null) },
        ]}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={t('api.callsChart')} loading={stats.isPending}>
            {days.some((day) => day.calls > 0) ? (
              <Suspense fallback={<Skeleton active />}>
                <ApiCallsChart days={days} />
              </Suspense>
            ) : <Empty description={t('api.empty')} />}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('api.latencyChart')} loading={stats.isPending}>
            {days.some((day) => day.calls > 0) ? (
              <Suspense fallback={<Skeleton active />}>
                <ApiLatencyChart days={days} />
              </Suspense>
            ) : <Empty description={t('api.empty')} />}
          </Card>
        </Col>
      </Row>
      <Card title={t('api.byKey')}>
        <Table<ApiKeyFigures>
          rowKey="keyId"
          size="small"
          loading={stats.isPending}
          dataSource={data?.keys ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          columns={[{ title: t('api.key'), dataIndex: 'keyName', render: (name: string, row) => (keys.data?.find((key) => key.id === row.keyId)?.revoked ? <Space size={4}>{name}<Tag>{t('api.revoked')}</Tag></Space> : name) }, ...figureColumns]}
          data-testid="api-keys-table"
        />
      </Card>
      <Card title={t('api.byApiType')}>
        <Table<ApiTypeFigures>
          rowKey="apiType"
          size="small"
          loading={stats.isPending}
          dataSource={data?.apiTypes ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[{ title: t('api.apiType'), dataIndex: 'apiType', render: apiTypeText }, ...figureColumns]}
          data-testid="api-types-table"
        />
      </Card>
    </Space>
  );
}
