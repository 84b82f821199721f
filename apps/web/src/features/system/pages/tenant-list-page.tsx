import { useMemo, useState, type Key } from 'react';
import { Button, Card, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import type { TenantRecord } from '@portal/shared/system-tenants';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { literal, textKey } from '../../../components/list-page/text-key.ts';
import { formatDateTime, DATE_FORMAT } from '../../../lib/format.ts';
import { listTenants, TENANT_LIST_KEY, useFreezeTenants, usePackageOptions, useUnfreezeTenants } from '../api/tenants.ts';
import { TenantFormDrawer } from '../components/tenant-form-drawer.tsx';
import { tenantState, type TenantState } from '../tenant-form-rules.ts';

const STATE_COLOURS: Record<TenantState, string> = { active: 'green', frozen: 'red', notYet: 'blue', expired: 'orange' };

function TenantStateTag({ tenant }: { tenant: TenantRecord }) {
  const { t } = useTranslation('system-tenants');
  const state = tenantState(tenant);
  return (
    <Tag color={STATE_COLOURS[state]} data-testid={`tenant-state-${tenant.id}`}>
      {t(`tenant.states.${state}`)}
    </Tag>
  );
}

function Validity({ tenant }: { tenant: TenantRecord }) {
  const { t } = useTranslation('system-tenants');
  if (!tenant.validFrom && !tenant.validUntil) return <span>{t('tenant.noLimit')}</span>;
  const day = (value: string | null) => (value ? formatDateTime(value).slice(0, DATE_FORMAT.length) : '…');
  return (
    <span>
      {day(tenant.validFrom)} ~ {day(tenant.validUntil)}
    </span>
  );
}

function TenantActions({ tenant, onEdit }: { tenant: TenantRecord; onEdit: (tenant: TenantRecord) => void }) {
  const { t } = useTranslation('system-tenants');
  const freeze = useFreezeTenants();
  const unfreeze = useUnfreezeTenants();
  const frozen = tenant.status !== 1;
  return (
    <Space size={0}>
      <Access code="system:tenant:edit">
        <Button type="link" size="small" onClick={() => onEdit(tenant)} data-testid="tenant-edit">
          {t('common.edit')}
        </Button>
      </Access>
      {frozen ? (
        <ConfirmedAction
          code="system:tenant:freeze"
          label={t('tenant.unfreeze')}
          title={t('common.confirmTitle')}
          description={t('tenant.unfreezeConfirm', { name: tenant.name })}
          cancelText={t('common.cancel')}
          pending={unfreeze.isPending}
          run={() => unfreeze.mutateAsync([tenant.id])}
          done={t('tenant.unfrozen')}
          testId="tenant-unfreeze"
        />
      ) : (
        <ConfirmedAction
          code="system:tenant:freeze"
          label={t('tenant.freeze')}
          title={t('common.confirmTitle')}
          description={t('tenant.freezeConfirm', { name: tenant.name })}
          cancelText={t('common.cancel')}
          danger
          pending={freeze.isPending}
          run={() => freeze.mutateAsync([tenant.id])}
          done={t('tenant.frozen')}
          testId="tenant-freeze"
        />
      )}
    </Space>
  );
}

function tenantList(packages: readonly { id: number; name: string }[], onEdit: (tenant: TenantRecord) => void): ListPageConfig<TenantRecord> {
  const k = (key: ParseKeys<'system-tenants'>) => textKey('system-tenants', key);
  return {
    id: 'system-tenant',
    rowKey: 'id',
    queryKey: TENANT_LIST_KEY,
    fetcher: listTenants,
    defaultSort: { column: 'createdAt', order: 'desc' },
    query: [
      { name: 'name', label: k('tenant.name'), type: 'input' },
      {
        name: 'status',
        label: k('tenant.status'),
        type: 'select',
        options: [
          { value: '1', label: k('tenant.states.active') },
          { value: '0', label: k('tenant.states.frozen') },
        ],
      },
      { name: 'packageId', label: k('tenant.package'), type: 'select', options: packages.map((p) => ({ value: String(p.id), label: literal(p.name) })) },
    ],
    columns: [
      { dataIndex: 'id', title: k('tenant.id'), sorter: true, width: 90 },
      { dataIndex: 'name', title: k('tenant.name'), sorter: true, width: 200, phone: true },
      { dataIndex: 'status', title: k('tenant.status'), sorter: true, width: 100, phone: true, render: (tenant) => <TenantStateTag tenant={tenant} /> },
      { dataIndex: 'packageName', title: k('tenant.package'), width: 160 },
      { dataIndex: 'validUntil', title: k('tenant.validity'), sorter: true, width: 210, render: (tenant) => <Validity tenant={tenant} /> },
      { dataIndex: 'mainUsername', title: k('tenant.mainAccount'), width: 160, render: (tenant) => (tenant.mainRealname ? `${tenant.mainUsername} (${tenant.mainRealname})` : tenant.mainUsername) },
      { dataIndex: 'contactName', title: k('tenant.contactName'), width: 120 },
      { dataIndex: 'contactPhone', title: k('tenant.contactPhone'), width: 140 },
      { dataIndex: 'userCount', title: k('tenant.userCount'), width: 90, align: 'right' },
      { dataIndex: 'createdAt', title: k('tenant.createdAt'), format: 'dateTime', sorter: true, width: 170 },
      { key: 'actions', title: k('common.actions'), fixed: 'right', width: 150, phone: true, render: (tenant) => <TenantActions tenant={tenant} onEdit={onEdit} /> },
    ],
  };
}

/** Tenant management (the platform's): merchant companies, their package, validity period, contact and main account. */
export function TenantListPage() {
  const { t } = useTranslation('system-tenants');
  const [drawer, setDrawer] = useState<{ tenant: TenantRecord | null } | null>(null);
  const [selected, setSelected] = useState<Key[]>([]);
  const packages = usePackageOptions();
  const freeze = useFreezeTenants();
  const unfreeze = useUnfreezeTenants();
  const config = useMemo(() => tenantList(packages.data ?? [], (tenant) => setDrawer({ tenant })), [packages.data]);
  const ids = selected.map(Number);
  return (
    <Card>
      <ListPage
        config={config}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
        toolbar={
          <Space wrap data-testid="tenant-toolbar">
            <Access code="system:tenant:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ tenant: null })} data-testid="tenant-add">
                {t('common.add')}
              </Button>
            </Access>
            <ConfirmedAction
              code="system:tenant:freeze"
              label={t('tenant.batchFreeze')}
              title={t('common.confirmTitle')}
              description={t('tenant.batchFreezeConfirm', { count: ids.length })}
              cancelText={t('common.cancel')}
              danger
              disabled={ids.length === 0}
              pending={freeze.isPending}
              run={() => freeze.mutateAsync(ids).then(() => setSelected([]))}
              done={t('tenant.frozen')}
              testId="tenant-batch-freeze"
            />
            <ConfirmedAction
              code="system:tenant:freeze"
              label={t('tenant.batchUnfreeze')}
              title={t('common.confirmTitle')}
              description={t('tenant.batchUnfreezeConfirm', { count: ids.length })}
              cancelText={t('common.cancel')}
              disabled={ids.length === 0}
              pending={unfreeze.isPending}
              run={() => unfreeze.mutateAsync(ids).then(() => setSelected([]))}
              done={t('tenant.unfrozen')}
              testId="tenant-batch-unfreeze"
            />
          </Space>
        }
      />
      <TenantFormDrawer open={drawer !== null} tenant={drawer?.tenant ?? null} onClose={() => setDrawer(null)} />
    </Card>
  );
}
