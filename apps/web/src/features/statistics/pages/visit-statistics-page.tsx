import { PLATFORM_TENANT } from '@portal/shared/tenant';
import { lazy, Suspense, useState } from 'react';
import { Card, Empty, Select, Skeleton, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { VisitDayRecord, VisitTenantRecord } from '@portal/shared/visit-statistics';
import { useAuth } from '../../../lib/auth.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { exportVisits, visitDaysQuery, visitTenantsQuery } from '../api/visits.ts';
import { rangeOfPreset, type DayRange } from '../range-rules.ts';
import { VisitRangePicker } from '../components/visit-range-picker.tsx';

// the chart library (~190 KB gzip) is a chunk of its own: the range, the table and the figures come first
const VisitChart = lazy(() => import('../components/visit-chart.tsx').then((m) => ({ default: m.VisitChart })));

type Figure = 'pageViews' | 'visitors' | 'signIns' | 'failedSignIns' | 'ip';
const FIGURES: Figure[] = ['pageViews', 'visitors', 'signIns', 'failedSignIns', 'ip'];

/**
 * Visit statistics: visits and sign-ins per day over a range, as a chart and a table;
 * the platform sees every tenant together, one tenant, or each tenant's totals.
 */
export function VisitStatisticsPage() {
  const { t } = useTranslation('statistics');
  const platform = useAuth((state) => state.userInfo?.tenantId === PLATFORM_TENANT);
  const [range, setRange] = useState<DayRange>(() => rangeOfPreset('thisMonth'));
  const [tenantId, setTenantId] = useState<number>();
  const days = useQuery(visitDaysQuery({ ...range, tenantId }));
  const tenants = useQuery(visitTenantsQuery(range, platform));

  const figureColumns = FIGURES.map((figure) => ({ title: t(`visit.${figure}`), dataIndex: figure, align: 'right' as const, width: 120 }));
  const list = days.data ?? [];
  const totals = Object.fromEntries(FIGURES.map((figure) => [figure, list.reduce((sum, day) => sum + day[figure], 0)]));

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Space wrap align="start" style={{ width: '100%', justifyContent: 'space-between' }}>
          <VisitRangePicker value={range} onChange={setRange} />
          <Space wrap>
            {platform && (
              <Select<number | undefined>
                aria-label={t('visit.tenant')}
                style={{ minWidth: 200 }}
                value={tenantId}
                placeholder={t('visit.allTenants')}
                allowClear
                onChange={(value) => setTenantId(value ?? undefined)}
                options={(tenants.data ?? []).map((row) => ({ value: row.tenantId, label: row.tenantId === PLATFORM_TENANT ? t('visit.platform') : row.tenantName }))}
                data-testid="tenant-select"
              />
            )}
            <ExportButton code="statistics:visit:export" label={t('visit.export')} run={() => exportVisits({ ...range, tenantId })} />
          </Space>
        </Space>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t('visit.note')}
        </Typography.Paragraph>
      </Card>
      <Card title={t('visit.chartTitle')} loading={days.isPending}>
        {list.length > 0 && list.some((day) => FIGURES.some((figure) => day[figure] > 0)) ? (
          <Suspense fallback={<Skeleton active />}>
            <VisitChart days={list} />
          </Suspense>
        ) : <Empty description={t('visit.empty')} />}
      </Card>
      <Card title={t('visit.tableTitle')}>
        <Table<VisitDayRecord>
          rowKey="date"
          size="small"
          loading={days.isPending}
          dataSource={[...list].reverse()}
          pagination={{ pageSize: 31, showSizeChanger: false, hideOnSinglePage: true }}
          columns={[{ title: t('visit.date'), dataIndex: 'date', width: 140 }, ...figureColumns]}
          summary={() =>
            list.length > 1 ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{t('visit.total')}</Table.Summary.Cell>
                {FIGURES.map((figure, index) => (
                  <Table.Summary.Cell key={figure} index={index + 1} align="right">
                    {figure === 'visitors' || figure === 'ip' ? '' : totals[figure]}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ) : null
          }
          data-testid="visit-days"
        />
      </Card>
      {platform && (
        <Card title={t('visit.tenantsTitle')}>
          <Table<VisitTenantRecord>
            rowKey="tenantId"
            size="small"
            loading={tenants.isPending}
            dataSource={tenants.data ?? []}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            columns={[
              { title: t('visit.tenant'), dataIndex: 'tenantName', render: (name: string, row) => (row.tenantId === PLATFORM_TENANT ? t('visit.platform') : name) },
              ...figureColumns,
            ]}
            onRow={(row) => ({ onClick: () => setTenantId(row.tenantId), style: { cursor: 'pointer' } })}
            data-testid="visit-tenants"
          />
        </Card>
      )}
    </Space>
  );
}
