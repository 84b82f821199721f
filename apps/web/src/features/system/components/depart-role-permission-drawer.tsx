import { useState } from 'react';
import { App, Button, Drawer, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DepartNode, DepartRole } from '@portal/shared/system-departs';
import { ServerError } from '../../../components/server-error.tsx';
import { useDeptRolePermission, useDeptRoleTree, useSaveDeptRolePermission } from '../api/departs.ts';
import { PermissionTree } from './permission-tree.tsx';

/** What a department role grants: check boxes over the department's ceiling only. */
export function DepartRolePermissionDrawer({ depart, role, onClose }: { depart: DepartNode; role: DepartRole | null; onClose: () => void }) {
  const { t } = useTranslation('system-departs');
  const { message } = App.useApp();
  const tree = useDeptRoleTree(role ? depart.id : undefined);
  const current = useDeptRolePermission(role?.id);
  const save = useSaveDeptRolePermission();
  // what the user changed; until then, what the server holds
  const [edited, setValue] = useState<number[] | null>(null);
  const value = edited ?? current.data ?? [];

  return (
    <Drawer
      open={role !== null}
      size="large"
      title={role ? t('roles.rolePermission', { name: role.roleName }) : ''}
      onClose={onClose}
      afterOpenChange={(open) => {
        if (!open) {
          save.reset();
          setValue(null);
        }
      }}
      destroyOnHidden
      extra={
        <Button
          type="primary"
          loading={save.isPending}
          // without the role's grants as the server has them (still coming, or failed), a save would send none
          disabled={!role || current.data === undefined}
          onClick={() =>
            role &&
            save.mutate(
              { roleId: role.id, permissionIds: value, lastpermissionIds: current.data ?? [] },
              {
                onSuccess: () => {
                  void message.success(t('done.saved'));
                  onClose();
                },
              },
            )
          }
          data-testid="depart-role-permission-save"
        >
          {t('action.save')}
        </Button>
      }
    >
      <ServerError error={save.error} />
      {tree.isPending || current.isPending ? <Spin /> : <PermissionTree nodes={tree.data ?? []} value={value} onChange={setValue} testId="depart-role-permission-tree" />}
    </Drawer>
  );
}
