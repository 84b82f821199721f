import { useMemo, useState } from 'react';
import { Alert, App, Button, Drawer, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoleRecord } from '@portal/shared/system-roles';
import { ServerError } from '../../../components/server-error.tsx';
import { grantableTreeQuery, rolePermissionQuery, useSaveRolePermission } from '../api/roles.ts';
import { PermissionTree } from './permission-tree.tsx';
import { DataRuleLink } from './role-data-rule-drawer.tsx';

/**
 * What a save sends: the ids checked in the tree, and the role's grants the tree does not show (the
 * caller may not grant them, so the screen never takes them away): `checked ∪ (original − tree)`.
 */
export function permissionsToSave(checked: readonly number[], original: readonly number[], treeIds: readonly number[]): number[] {
  const inTree = new Set(treeIds);
  return [...new Set([...checked.filter((id) => inTree.has(id)), ...original.filter((id) => !inTree.has(id))])];
}

/**
 * A role's menus and buttons, checked in the tree of what the caller may grant. The server refuses what the
 * rules of delegation forbid (granting beyond one's own, shrinking a role one holds, a top administrator's
 * role): the refusal is shown here and nothing changes.
 */
export function RolePermissionDrawer({ role, onClose }: { role: RoleRecord | null; onClose: () => void }) {
  const { t } = useTranslation('system-roles');
  const { message } = App.useApp();
  const open = role !== null;
  const tree = useQuery({ ...grantableTreeQuery(), enabled: open });
  const granted = useQuery({ ...rolePermissionQuery(role?.id ?? 0), enabled: open });
  const save = useSaveRolePermission();
  const [edited, setChecked] = useState<number[] | null>(null);
  // until the user changes it, the selection is the role's grants as the server has them now (not a cached answer)
  const checked = edited ?? (granted.isFetching ? null : (granted.data ?? null));

  const treeIds = useMemo(() => tree.data?.ids ?? [], [tree.data]);
  const original = useMemo(() => granted.data ?? [], [granted.data]);
  const hidden = useMemo(() => {
    const inTree = new Set(treeIds);
    return original.filter((id) => !inTree.has(id)).length;
  }, [original, treeIds]);
  const ready = tree.data !== undefined && checked !== null;

  const submit = () => {
    if (!role || !ready) return;
    save.mutate(
      { roleId: role.id, permissionIds: permissionsToSave(checked, original, treeIds), lastpermissionIds: original },
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
      open={open}
      onClose={onClose}
      size={640}
      title={role ? t('permission.title', { name: role.roleName }) : ''}
      afterOpenChange={(visible) => {
        if (visible) return;
        setChecked(null);
        save.reset();
      }}
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" disabled={!ready} loading={save.isPending} onClick={submit} data-testid="role-permission-save">
            {t('common.save')}
          </Button>
        </Space>
      }
      data-testid="role-permission-drawer"
    >
      <ServerError error={save.error ?? tree.error ?? granted.error} />
      {hidden > 0 && <Alert type="info" showIcon title={t('permission.hiddenKept', { count: hidden })} style={{ marginBottom: 16 }} data-testid="role-permission-hidden" />}
      {ready ? (
        <PermissionTree
          nodes={tree.data.treeList}
          value={checked}
          onChange={setChecked}
          disabled={save.isPending}
          renderNodeExtra={role ? (node) => <DataRuleLink node={node} roleId={role.id} /> : undefined}
          testId="role-permission-tree"
        />
      ) : (
        !(tree.error ?? granted.error) && <Spin style={{ display: 'block', marginTop: 48 }} />
      )}
    </Drawer>
  );
}
