import { useState } from 'react';
import { Alert, App, Button, Drawer, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PackageRecord } from '@portal/shared/system-tenants';
import { ServerError } from '../../../components/server-error.tsx';
import { usePackageTree, useSavePackagePermissions } from '../api/tenant-packages.ts';
import { PermissionTree } from './permission-tree.tsx';

/**
 * A package's menus and buttons, ticked in the merchant side of the catalogue (the platform's screens are never
 * offered). Saving narrows or widens every tenant on the package at its next request.
 */
export function PackagePermissionDrawer({ pkg, onClose }: { pkg: PackageRecord | null; onClose: () => void }) {
  const { t } = useTranslation('system-tenants');
  const { message } = App.useApp();
  const tree = usePackageTree(pkg?.id ?? null);
  const save = useSavePackagePermissions();
  const [edited, setChecked] = useState<number[] | null>(null);
  const checked = edited ?? (tree.isFetching ? null : (tree.data?.checkedIds ?? null));
  const ready = tree.data !== undefined && checked !== null;

  const submit = () => {
    if (!pkg || !ready) return;
    save.mutate(
      { packageId: pkg.id, permissionIds: checked },
      {
        onSuccess: () => {
          message.success(t('common.saved'));
          onClose();
        },
      },
    );
  };

  return (
    <Drawer
      open={pkg !== null}
      onClose={onClose}
      size={640}
      title={pkg ? t('package.permissionTitle', { name: pkg.name }) : ''}
      afterOpenChange={(visible) => {
        if (visible) return;
        setChecked(null);
        save.reset();
      }}
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" disabled={!ready} loading={save.isPending} onClick={submit} data-testid="package-permission-save">
            {t('common.save')}
          </Button>
        </Space>
      }
      data-testid="package-permission-drawer"
    >
      <ServerError error={save.error ?? tree.error} />
      {pkg && pkg.tenantCount > 0 && <Alert type="warning" showIcon title={t('package.affects', { count: pkg.tenantCount })} style={{ marginBottom: 16 }} />}
      {ready ? (
        <PermissionTree nodes={tree.data.treeList} value={checked} onChange={setChecked} disabled={save.isPending} testId="package-permission-tree" />
      ) : (
        !tree.error && <Spin style={{ display: 'block', marginTop: 48 }} />
      )}
    </Drawer>
  );
}
