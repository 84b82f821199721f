import { useState } from 'react';
import { Alert, App, Button, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DepartNode } from '@portal/shared/system-departs';
import { Access } from '../../../components/access.tsx';
import { ServerError } from '../../../components/server-error.tsx';
import { useCan } from '../../../lib/permissions.ts';
import { grantableTreeQuery } from '../api/roles.ts';
import { useDepartPermission, useSaveDepartPermission } from '../api/departs.ts';
import { PermissionTree } from './permission-tree.tsx';

/** The department's permissions: the ceiling of what its department roles may hold. */
export function DepartPermissionTab({ depart }: { depart: DepartNode }) {
  const { t } = useTranslation('system-departs');
  const { message } = App.useApp();
  const can = useCan();
  const tree = useQuery(grantableTreeQuery());
  const current = useDepartPermission(depart.id);
  const save = useSaveDepartPermission();
  // what the user changed; until then, what the server holds
  const [edited, setValue] = useState<number[] | null>(null);
  const value = edited ?? current.data ?? [];

  if (tree.isPending || current.isPending) return <Spin />;
  return (
    <div data-testid="depart-permission">
      <Alert type="info" showIcon title={t('permission.hint')} style={{ marginBottom: 12 }} />
      <ServerError error={save.error ?? tree.error ?? current.error} notFound={t('notFound')} />
      <PermissionTree nodes={tree.data?.treeList ?? []} value={value} onChange={setValue} disabled={!can('system:depart:auth')} height={480} testId="depart-permission-tree" />
      <Access code="system:depart:auth">
        <Button
          type="primary"
          style={{ marginTop: 12 }}
          loading={save.isPending}
          // without the ceiling as the server has it (its load failed), a save would send none
          disabled={current.data === undefined}
          onClick={() => save.mutate({ departId: depart.id, permissionIds: value, lastpermissionIds: current.data ?? [] }, { onSuccess: () => void message.success(t('done.saved')) })}
          data-testid="depart-permission-save"
        >
          {t('action.save')}
        </Button>
      </Access>
    </div>
  );
}
