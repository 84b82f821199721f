import { useMemo, useState, type Key } from 'react';
import { Button, Card, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RoleRecord } from '@portal/shared/system-roles';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { exportRoles, listRoles, ROLE_LIST_KEY, useDeleteRole, useDeleteRoles } from '../api/roles.ts';
import { RoleFormDrawer } from '../components/role-form-drawer.tsx';
import { RolePermissionDrawer } from '../components/role-permission-drawer.tsx';
import { RoleUsersDrawer } from '../components/role-users-drawer.tsx';

type Handlers = { onEdit: (role: RoleRecord) => void; onUsers: (role: RoleRecord) => void; onPermissions: (role: RoleRecord) => void };

function RoleActions({ role, onEdit, onUsers, onPermissions }: { role: RoleRecord } & Handlers) {
  const { t } = useTranslation('system-roles');
  const remove = useDeleteRole();
  return (
    <Space size={0}>
      <Access code="system:role:edit">
        <Button type="link" size="small" onClick={() => onEdit(role)} data-testid="role-action-edit">
          {t('common.edit')}
        </Button>
      </Access>
      <Access code="system:role:auth">
        <Button type="link" size="small" onClick={() => onPermissions(role)} data-testid="role-action-permission">
          {t('role.permissions')}
        </Button>
      </Access>
      <Button type="link" size="small" onClick={() => onUsers(role)} data-testid="role-action-users">
        {t('role.users')}
      </Button>
      <ConfirmedAction
        code="system:role:delete"
        label={t('common.delete')}
        title={t('common.confirmTitle')}
        description={t('role.deleteConfirm', { name: role.roleName })}
        cancelText={t('common.cancel')}
        danger
        pending={remove.isPending}
        run={() => remove.mutateAsync(role.id)}
        done={t('common.deleted')}
        testId="role-action-delete"
      />
    </Space>
  );
}

function roleList(handlers: Handlers): ListPageConfig<RoleRecord> {
  return {
    id: 'system-role',
    rowKey: 'id',
    queryKey: ROLE_LIST_KEY,
    fetcher: listRoles,
    defaultSort: { column: 'createdAt', order: 'desc' },
    query: [
      { name: 'roleName', label: textKey('system-roles', 'role.roleName'), type: 'input' },
      { name: 'roleCode', label: textKey('system-roles', 'role.roleCode'), type: 'input' },
    ],
    columns: [
      {
        dataIndex: 'roleCode',
        title: textKey('system-roles', 'role.roleCode'),
        sorter: true,
        width: 180,
        phone: true,
        render: (role) => <span data-testid={`role-row-${role.roleCode}`}>{role.roleCode}</span>,
      },
      { dataIndex: 'roleName', title: textKey('system-roles', 'role.roleName'), sorter: true, width: 180, phone: true },
      { dataIndex: 'description', title: textKey('system-roles', 'role.description'), format: 'ellipsis', width: 260 },
      { dataIndex: 'createdAt', title: textKey('system-roles', 'role.createdAt'), format: 'dateTime', sorter: true, width: 170 },
      { key: 'actions', title: textKey('system-roles', 'common.actions'), fixed: 'right', width: 240, phone: true, render: (role) => <RoleActions role={role} {...handlers} /> },
    ],
  };
}

/** Role management (spec §7): the tenant's roles, their users and the menus and buttons they grant. */
export function RoleListPage() {
  const { t } = useTranslation('system-roles');
  const [form, setForm] = useState<{ role: RoleRecord | null } | null>(null);
  const [usersOf, setUsersOf] = useState<RoleRecord | null>(null);
  const [permissionsOf, setPermissionsOf] = useState<RoleRecord | null>(null);
  const [selected, setSelected] = useState<Key[]>([]);
  const removeBatch = useDeleteRoles();
  const config = useMemo(() => roleList({ onEdit: (role) => setForm({ role }), onUsers: setUsersOf, onPermissions: setPermissionsOf }), []);
  const ids = selected.map(Number);
  return (
    <Card>
      <ListPage
        config={config}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
        exportSlot={(params) => <ExportButton code="system:role:export" label={t('common.export')} run={(timeZone) => exportRoles(params, timeZone)} />}
        toolbar={
          <Space wrap data-testid="role-toolbar">
            <Access code="system:role:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ role: null })} data-testid="role-list-new">
                {t('common.add')}
              </Button>
            </Access>
            <ConfirmedAction
              code="system:role:delete"
              label={t('common.deleteBatch')}
              title={t('common.confirmTitle')}
              description={t('role.deleteBatchConfirm', { count: ids.length })}
              okText={t('common.delete')}
              cancelText={t('common.cancel')}
              danger
              disabled={ids.length === 0}
              pending={removeBatch.isPending}
              run={() => removeBatch.mutateAsync(ids).then(() => setSelected([]))}
              done={t('common.deleted')}
              testId="role-list-delete-batch"
            />
          </Space>
        }
      />
      <RoleFormDrawer open={form !== null} role={form?.role ?? null} onClose={() => setForm(null)} />
      <RoleUsersDrawer role={usersOf} onClose={() => setUsersOf(null)} />
      <RolePermissionDrawer role={permissionsOf} onClose={() => setPermissionsOf(null)} />
    </Card>
  );
}
