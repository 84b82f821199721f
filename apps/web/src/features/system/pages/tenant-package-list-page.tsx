import { useMemo, useState } from 'react';
import { Button, Card, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import type { PackageRecord } from '@portal/shared/system-tenants';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { listPackages, PACKAGE_LIST_KEY, useDeletePackage, useSetDefaultPackage } from '../api/tenant-packages.ts';
import { PackageFormDrawer } from '../components/package-form-drawer.tsx';
import { PackagePermissionDrawer } from '../components/package-permission-drawer.tsx';

function DefaultTag() {
  const { t } = useTranslation('system-tenants');
  return (
    <Tag color="blue" data-testid="package-default">
      {t('package.default')}
    </Tag>
  );
}

function PackageStatus({ pkg }: { pkg: PackageRecord }) {
  const { t } = useTranslation('system-tenants');
  return <Tag color={pkg.status === 1 ? 'green' : 'default'}>{pkg.status === 1 ? t('package.enabled') : t('package.disabled')}</Tag>;
}

type Handlers = { onEdit: (pkg: PackageRecord) => void; onPermissions: (pkg: PackageRecord) => void };

function PackageActions({ pkg, onEdit, onPermissions }: { pkg: PackageRecord } & Handlers) {
  const { t } = useTranslation('system-tenants');
  const remove = useDeletePackage();
  const makeDefault = useSetDefaultPackage();
  return (
    <Space size={0} wrap>
      <Access code="system:tenant-menu:auth">
        <Button type="link" size="small" onClick={() => onPermissions(pkg)} data-testid="package-permissions">
          {t('package.permissions')}
        </Button>
      </Access>
      <Access code="system:tenant-menu:edit">
        <Button type="link" size="small" onClick={() => onEdit(pkg)} data-testid="package-edit">
          {t('common.edit')}
        </Button>
      </Access>
      {!pkg.isDefault && pkg.status === 1 && (
        <ConfirmedAction
          code="system:tenant-menu:edit"
          label={t('package.setDefault')}
          title={t('common.confirmTitle')}
          description={t('package.setDefaultConfirm', { name: pkg.name })}
          cancelText={t('common.cancel')}
          pending={makeDefault.isPending}
          run={() => makeDefault.mutateAsync(pkg.id)}
          done={t('common.saved')}
          testId="package-set-default"
        />
      )}
      <ConfirmedAction
        code="system:tenant-menu:delete"
        label={t('common.delete')}
        title={t('common.confirmTitle')}
        description={t('package.deleteConfirm', { name: pkg.name })}
        cancelText={t('common.cancel')}
        danger
        disabled={pkg.isDefault || pkg.tenantCount > 0}
        hint={pkg.isDefault ? t('package.defaultKept') : pkg.tenantCount > 0 ? t('package.inUse', { count: pkg.tenantCount }) : undefined}
        pending={remove.isPending}
        run={() => remove.mutateAsync(pkg.id)}
        done={t('common.deleted')}
        testId="package-delete"
      />
    </Space>
  );
}

function packageList(handlers: Handlers): ListPageConfig<PackageRecord> {
  const k = (key: ParseKeys<'system-tenants'>) => textKey('system-tenants', key);
  return {
    id: 'system-tenant-package',
    rowKey: 'id',
    queryKey: PACKAGE_LIST_KEY,
    fetcher: listPackages,
    query: [
      { name: 'name', label: k('package.name'), type: 'input' },
      {
        name: 'status',
        label: k('package.status'),
        type: 'select',
        options: [
          { value: '1', label: k('package.enabled') },
          { value: '0', label: k('package.disabled') },
        ],
      },
    ],
    columns: [
      {
        dataIndex: 'name',
        title: k('package.name'),
        sorter: true,
        width: 220,
        phone: true,
        render: (pkg) => (
          <Space size={4}>
            <span>{pkg.name}</span>
            {pkg.isDefault && <DefaultTag />}
          </Space>
        ),
      },
      { dataIndex: 'description', title: k('package.description'), width: 220, format: 'ellipsis' },
      { dataIndex: 'status', title: k('package.status'), width: 100, phone: true, render: (pkg) => <PackageStatus pkg={pkg} /> },
      { dataIndex: 'permissionCount', title: k('package.permissionCount'), width: 110, align: 'right' },
      { dataIndex: 'tenantCount', title: k('package.tenantCount'), width: 110, align: 'right' },
      { dataIndex: 'updatedAt', title: k('package.updatedAt'), format: 'dateTime', sorter: true, width: 170 },
      { key: 'actions', title: k('common.actions'), fixed: 'right', width: 260, phone: true, render: (pkg) => <PackageActions pkg={pkg} {...handlers} /> },
    ],
  };
}

/** Tenant menu management (the platform's): the packages of menus and buttons a tenant may use, and the default one registration gives. */
export function TenantPackageListPage() {
  const { t } = useTranslation('system-tenants');
  const [form, setForm] = useState<{ pkg: PackageRecord | null } | null>(null);
  const [ticking, setTicking] = useState<PackageRecord | null>(null);
  const config = useMemo(() => packageList({ onEdit: (pkg) => setForm({ pkg }), onPermissions: setTicking }), []);
  return (
    <Card>
      <ListPage
        config={config}
        toolbar={
          <Access code="system:tenant-menu:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ pkg: null })} data-testid="package-add">
              {t('common.add')}
            </Button>
          </Access>
        }
      />
      <PackageFormDrawer open={form !== null} pkg={form?.pkg ?? null} onClose={() => setForm(null)} />
      <PackagePermissionDrawer pkg={ticking} onClose={() => setTicking(null)} />
    </Card>
  );
}
