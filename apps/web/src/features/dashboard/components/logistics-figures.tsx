import { PLATFORM_TENANT } from '@portal/shared/tenant';
import { useMemo, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, theme } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@portal/shared/logistics';
import type { LogisticsSummary } from '@portal/shared/logistics-schemas';
import { DictTag } from '../../../components/dict-tag.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { formatCount } from '../../../lib/format.ts';
import { menuRoutes } from '../../../lib/menu.ts';
import { useLogisticsSummary } from '../api/logistics-summary.ts';
import { OrdersChart } from './orders-chart.tsx';
import styles from './logistics-figures.module.css';

/**
 * The figures need dashboard:analysis:view, the permission of the home menu entry (a menu's, not a
 * button's: it is not among the auth entries), so whoever has that entry in their menu may see them.
 * The server checks the same permission on /logistics/summary.
 */
const HOME_MENU_PATH = '/dashboard/analysis';

export function useCanSeeFigures(): boolean {
  const menu = useAuth((state) => state.permissions?.menu);
  return useMemo(() => menuRoutes(menu ?? []).has(HOME_MENU_PATH), [menu]);
}
/** The status dictionary cached at sign-in (the same items as OrderStatus): no request for the tags. */
const STATUS_DICT = 'LOGOrderStateEnum';

/** Where each figure leads, for whoever has that page in their menu: a merchant's own lists, or the warehouse's. */
const MERCHANT_LINKS = { orders: '/logistics/international-order', parcels: '/logistics/package', exceptions: '/logistics/collection-exception' } as const;
const PLATFORM_LINKS = { parcels: '/warehouse/receive', shipOut: '/warehouse/ship-out', exceptions: '/warehouse/exception' } as const;
/** The parcels the figure counts (the server's IN_WAREHOUSE): the package list opens on them. */
const IN_WAREHOUSE = 'status=IN_WAREHOUSE';
/** The exceptions the figure counts (pending or awaiting the merchant): both exception lists open on them. */
const OPEN_EXCEPTIONS = 'status=OPEN';

type Links = { status: (status: OrderStatus) => string | null; parcels: string | null; exceptions: string | null };

const withQuery = (path: string | null, query: string) => (path ? `${path}?${query}` : null);

function useFigureLinks(): Links {
  const menu = useAuth((state) => state.permissions?.menu);
  const platform = useAuth((state) => state.userInfo?.tenantId === PLATFORM_TENANT);
  return useMemo(() => {
    const routes = menuRoutes(menu ?? []);
    const open = (path: string) => (routes.has(path) ? path : null);
    if (platform) {
      // the platform's own tenant has no orders of its own: its figures lead to the warehouse screens
      const shipOut = open(PLATFORM_LINKS.shipOut);
      return { status: (status) => (status === 'WHIN' ? shipOut : null), parcels: open(PLATFORM_LINKS.parcels), exceptions: withQuery(open(PLATFORM_LINKS.exceptions), OPEN_EXCEPTIONS) };
    }
    const orders = open(MERCHANT_LINKS.orders);
    return {
      status: (status) => (orders ? `${orders}?status=${status}` : null),
      parcels: withQuery(open(MERCHANT_LINKS.parcels), IN_WAREHOUSE),
      exceptions: withQuery(open(MERCHANT_LINKS.exceptions), OPEN_EXCEPTIONS),
    };
  }, [menu, platform]);
}

// the link is named by what it shows (an aria-label differing from the visible text fails axe's label-content-name-mismatch)
function MaybeLink({ to, children }: { to: string | null; children: ReactNode }) {
  if (!to) return <div className={styles.cell}>{children}</div>;
  return (
    <Link to={to} className={styles.cell}>
      {children}
    </Link>
  );
}

function StatusCounts({ byStatus, links }: { byStatus: NonNullable<LogisticsSummary['byStatus']>; links: Links }) {
  const { token } = theme.useToken();
  // the server sends every status, in the spec's order (importing the list would weigh on the home page)
  return (
    <ul style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(128px, 1fr))', gap: 8, padding: 0, margin: 0, listStyle: 'none' }} data-testid="status-counts">
      {byStatus.map(({ status, count }) => (
        <li key={status} data-status={status} data-count={count}>
          <MaybeLink to={links.status(status)}>
            <Flex vertical gap={4} style={{ height: '100%', padding: '8px 12px', border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, transition: 'border-color 0.2s' }}>
              <span style={{ fontSize: 22, fontWeight: 600, lineHeight: 1.3, color: count > 0 ? token.colorText : token.colorTextDescription, fontVariantNumeric: 'tabular-nums' }}>{formatCount(count)}</span>
              <span className={styles.tag}>
                <DictTag code={STATUS_DICT} value={status} />
              </span>
            </Flex>
          </MaybeLink>
        </li>
      ))}
    </ul>
  );
}

/** A figure as a card that is one link, like the status cells (only the status cards were links). */
function Figure({ title, value, to, testId }: { title: string; value: number; to: string | null; testId: string }) {
  const { token } = theme.useToken();
  return (
    <div style={{ flex: 1 }} data-testid={`${testId}-card`}>
      <MaybeLink to={to}>
        <Flex vertical gap={4} style={{ height: '100%', padding: '12px 16px', border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, background: token.colorBgContainer, transition: 'border-color 0.2s' }}>
          <span style={{ fontWeight: 600, color: token.colorTextHeading }}>{title}</span>
          <span style={{ fontSize: 30, fontWeight: 600, lineHeight: 1.3, color: token.colorTextHeading, fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
            {formatCount(value)}
          </span>
        </Flex>
      </MaybeLink>
    </div>
  );
}

/**
 * The home page's logistics figures: orders by status, parcels in the warehouse, open
 * exceptions and the last 30 days of orders; a merchant's own, every tenant's for platform staff (the
 * server decides). Shown to users with dashboard:analysis:view.
 */
export function LogisticsFigures() {
  const { t } = useTranslation();
  const allowed = useCanSeeFigures();
  const links = useFigureLinks();
  const { data, isPending, isError, refetch } = useLogisticsSummary(allowed);
  if (!allowed) return null;
  if (isPending) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 5 }} />
      </Card>
    );
  }
  if (isError && !data) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('dashboard.logistics.loadFailed')}
        action={
          <Button size="small" onClick={() => void refetch()}>
            {t('components.table.retry')}
          </Button>
        }
      />
    );
  }
  // a figure the reader may not see is null (the server's rule: the right of the list it summarises)
  const { byStatus, ordersPerDay, parcelsInWarehouse, openExceptions } = data;
  if (!byStatus && parcelsInWarehouse === null && openExceptions === null) return null;
  const total = (byStatus ?? []).reduce((sum, entry) => sum + entry.count, 0);
  const chartTitle = t('dashboard.logistics.ordersPerDay', { days: ordersPerDay?.length ?? 0 });
  const sideFigures = parcelsInWarehouse !== null || openExceptions !== null;
  return (
    <Row gutter={[16, 16]} data-testid="logistics-figures">
      {byStatus && (
        <Col xs={24} xl={sideFigures ? 16 : 24}>
          <Card title={t('dashboard.logistics.orders')} extra={<span data-testid="orders-total">{t('dashboard.logistics.ordersTotal', { total: formatCount(total) })}</span>} style={{ height: '100%' }}>
            <StatusCounts byStatus={byStatus} links={links} />
          </Card>
        </Col>
      )}
      {sideFigures && (
        <Col xs={24} xl={byStatus ? 8 : 24}>
          <Flex vertical={Boolean(byStatus)} gap={16} style={{ height: '100%' }}>
            {parcelsInWarehouse !== null && <Figure title={t('dashboard.logistics.parcelsInWarehouse')} value={parcelsInWarehouse} to={links.parcels} testId="parcels-in-warehouse" />}
            {openExceptions !== null && <Figure title={t('dashboard.logistics.openExceptions')} value={openExceptions} to={links.exceptions} testId="open-exceptions" />}
          </Flex>
        </Col>
      )}
      {ordersPerDay && (
        <Col span={24}>
          <Card title={chartTitle}>
            <OrdersChart days={ordersPerDay} title={chartTitle} />
          </Card>
        </Col>
      )}
    </Row>
  );
}
