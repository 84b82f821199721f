import { useMemo, useState, type Key } from 'react';
import { App, Button, Drawer, Modal, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RoleRecord, RoleUserRecord } from '@portal/shared/system-roles';
import type { UserRecord } from '@portal/shared/system-users';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { ServerError } from '../../../components/server-error.tsx';
import { listRoleUsers, ROLE_USERS_KEY, useAddRoleUsers, useRemoveRoleUser, useRemoveRoleUsers } from '../api/roles.ts';
import { listUsers, USER_LIST_KEY } from '../api/users.ts';

const STATUS_OPTIONS = [
  { value: '1', label: textKey('system-roles', 'users.normal'), color: 'green' },
  { value: '2', label: textKey('system-roles', 'users.frozen'), color: 'red' },
] as const;

function RemoveUser({ roleId, user }: { roleId: number; user: RoleUserRecord }) {
  const { t } = useTranslation('system-roles');
  const remove = useRemoveRoleUser();
  return (
    <ConfirmedAction
      code="system:role:edit"
      label={t('users.remove')}
      title={t('common.confirmTitle')}
      description={t('users.removeConfirm', { name: user.realname || user.username })}
      cancelText={t('common.cancel')}
      danger
      pending={remove.isPending}
      run={() => remove.mutateAsync({ roleId, userId: user.id })}
      done={t('users.removed')}
      testId="role-users-remove"
    />
  );
}

const roleUserList = (roleId: number): ListPageConfig<RoleUserRecord> => ({
  id: 'system-role-users',
  rowKey: 'id',
  queryKey: [...ROLE_USERS_KEY, roleId],
  fetcher: listRoleUsers(roleId),
  urlFilters: false,
  // one field for both (the server searches username and name): a short label, the placeholder says what it matches
  query: [{ name: 'username', label: textKey('system-roles', 'users.search'), placeholder: textKey('system-roles', 'users.searchHint'), type: 'input' }],
  columns: [
    { dataIndex: 'username', title: textKey('system-roles', 'users.username'), width: 140, phone: true, render: (user) => <span data-testid={`role-user-row-${user.username}`}>{user.username}</span> },
    { dataIndex: 'realname', title: textKey('system-roles', 'users.realname'), width: 140, phone: true },
    { dataIndex: 'phone', title: textKey('system-roles', 'users.phone'), width: 130 },
    { dataIndex: 'status', title: textKey('system-roles', 'users.status'), options: STATUS_OPTIONS, width: 90 },
    { key: 'actions', title: textKey('system-roles', 'common.actions'), width: 90, phone: true, render: (user) => <RemoveUser roleId={roleId} user={user} /> },
  ],
});

/** The tenant's users, searched and paged, to pick from (the users list's own call). */
const pickList: ListPageConfig<UserRecord> = {
  id: 'system-role-user-pick',
  rowKey: 'id',
  queryKey: [...USER_LIST_KEY, 'pick'],
  fetcher: listUsers,
  urlFilters: false,
  query: [
    { name: 'username', label: textKey('system-roles', 'users.username'), type: 'input' },
    { name: 'realname', label: textKey('system-roles', 'users.realname'), type: 'input' },
  ],
  columns: [
    { dataIndex: 'username', title: textKey('system-roles', 'users.username'), width: 140, phone: true, render: (user) => <span data-testid={`role-users-pick-row-${user.username}`}>{user.username}</span> },
    { dataIndex: 'realname', title: textKey('system-roles', 'users.realname'), width: 140, phone: true },
    { dataIndex: 'phone', title: textKey('system-roles', 'users.phone'), width: 130 },
    { dataIndex: 'status', title: textKey('system-roles', 'users.status'), options: STATUS_OPTIONS, width: 90 },
  ],
};

/** A dialog to pick users of the tenant and give them the role. */
function AddUsersDialog({ role, open, onClose }: { role: RoleRecord; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('system-roles');
  const { message } = App.useApp();
  const add = useAddRoleUsers();
  const [picked, setPicked] = useState<Key[]>([]);
  const submit = () =>
    add.mutate(
      { roleId: role.id, userIdList: picked.map(Number) },
      {
        onSuccess: () => {
          message.success(t('users.added'));
          onClose();
        },
      },
    );
  return (
    <Modal
      open={open}
      title={t('users.pick')}
      width={960}
      onCancel={onClose}
      onOk={submit}
      okText={t('users.add')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: picked.length === 0, loading: add.isPending, ...{ 'data-testid': 'role-users-pick-ok' } }}
      afterOpenChange={(visible) => {
        if (visible) return;
        setPicked([]);
        add.reset();
      }}
      destroyOnHidden
      data-testid="role-users-pick"
    >
      <ServerError error={add.error} />
      <ListPage config={pickList} rowSelection={{ selectedRowKeys: picked, onChange: setPicked, preserveSelectedRowKeys: true }} />
    </Modal>
  );
}

/** The users of a role: searched and paged; users are added from the tenant's and removed one or several at a time. */
export function RoleUsersDrawer({ role, onClose }: { role: RoleRecord | null; onClose: () => void }) {
  const { t } = useTranslation('system-roles');
  const [selected, setSelected] = useState<Key[]>([]);
  const [picking, setPicking] = useState(false);
  const removeBatch = useRemoveRoleUsers();
  const config = useMemo(() => (role ? roleUserList(role.id) : null), [role]);
  const ids = selected.map(Number);
  return (
    <Drawer
      open={role !== null}
      onClose={onClose}
      size={900}
      title={role ? t('users.title', { name: role.roleName }) : ''}
      afterOpenChange={(visible) => {
        if (!visible) setSelected([]);
      }}
      destroyOnHidden
      data-testid="role-users-drawer"
    >
      {role && config && (
        <>
          <ListPage
            config={config}
            rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
            toolbar={
              <Space wrap>
                <Access code="system:role:edit">
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)} data-testid="role-users-add">
                    {t('users.add')}
                  </Button>
                </Access>
                <ConfirmedAction
                  code="system:role:edit"
                  label={t('users.removeBatch')}
                  title={t('common.confirmTitle')}
                  description={t('users.removeBatchConfirm', { count: ids.length })}
                  okText={t('users.remove')}
                  cancelText={t('common.cancel')}
                  danger
                  disabled={ids.length === 0}
                  pending={removeBatch.isPending}
                  run={() => removeBatch.mutateAsync({ roleId: role.id, userIds: ids }).then(() => setSelected([]))}
                  done={t('users.removed')}
                  testId="role-users-remove-batch"
                />
              </Space>
            }
          />
          <AddUsersDialog role={role} open={picking} onClose={() => setPicking(false)} />
        </>
      )}
    </Drawer>
  );
}
