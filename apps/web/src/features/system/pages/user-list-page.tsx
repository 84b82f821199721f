import { useMemo, useState, type Key } from 'react';
import { Avatar, Button, Card, Space, Tag } from 'antd';
import { LockOutlined, PlusOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DepartIdNode } from '@portal/shared/system-departs';
import type { UserRecord } from '@portal/shared/system-users';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig, StaticOption } from '../../../components/list-page/list-config.ts';
import { literal, textKey } from '../../../components/list-page/text-key.ts';
import { useAuth } from '../../../lib/auth.ts';
import { useDepartIdTree } from '../api/departs.ts';
import { useAllRoles } from '../api/roles.ts';
import { listUsers, USER_LIST_KEY, useFrozenBatch } from '../api/users.ts';
import { UserFormDrawer } from '../components/user-form-drawer.tsx';
import { UserPasswordDialog } from '../components/user-password-dialog.tsx';
import { UserDeleteAction, UserDeleteBatch, UserExportButton } from '../components/user-data-actions.tsx';
import { UserImportButton } from '../components/user-import-button.tsx';
import { UserRecycleBinButton } from '../components/user-recycle-bin.tsx';

const STATUS_OPTIONS = [
  { value: '1', label: textKey('system-users', 'status.normal'), color: 'green' },
  { value: '2', label: textKey('system-users', 'status.frozen'), color: 'red' },
] as const;

/** Department options for the filter: the tree flattened, each name indented by its depth. */
const departOptions = (nodes: readonly DepartIdNode[], depth = 0): StaticOption[] =>
  nodes.flatMap((node) => [{ value: String(node.value), label: literal(`${'\u3000'.repeat(depth)}${node.title}`) }, ...departOptions(node.children, depth + 1)]);

const names = (list: readonly { name: string }[]) => list.map((item) => item.name).join('、');

type Handlers = { onEdit: (user: UserRecord) => void; onPassword: (user: UserRecord) => void };

function UserActions({ user, onEdit, onPassword }: { user: UserRecord } & Handlers) {
  const { t } = useTranslation('system-users');
  const frozen = useFrozenBatch();
  const freezing = user.status === 1;
  // nobody freezes themselves or resets their own password here (the server refuses it too)
  const self = useAuth((state) => state.userInfo?.id === user.id);
  return (
    <Space size={0}>
      <Access code="system:user:edit">
        <Button type="link" size="small" onClick={() => onEdit(user)} data-testid="user-edit">
          {t('common.edit')}
        </Button>
      </Access>
      {!self && (
      <ConfirmedAction
        code="system:user:frozen"
        label={freezing ? t('list.freeze') : t('list.unfreeze')}
        title={t('common.confirmTitle')}
        description={t(freezing ? 'list.freezeConfirm' : 'list.unfreezeConfirm', { name: user.realname || user.username })}
        cancelText={t('common.cancel')}
        danger={freezing}
        pending={frozen.isPending}
        run={() => frozen.mutateAsync({ ids: [user.id], status: freezing ? 2 : 1 })}
        done={t(freezing ? 'list.frozenDone' : 'list.unfrozenDone', { name: user.realname || user.username })}
        testId={freezing ? 'user-freeze' : 'user-unfreeze'}
      />
      )}
      {!self && (
        <Access code="system:user:password">
          <Button type="link" size="small" icon={<LockOutlined />} onClick={() => onPassword(user)} data-testid="user-reset-password">
            {t('list.resetPassword')}
          </Button>
        </Access>
      )}
      {!self && <UserDeleteAction user={user} />}
    </Space>
  );
}

function userList(handlers: Handlers, departs: readonly DepartIdNode[], roles: readonly { id: number; roleName: string }[]): ListPageConfig<UserRecord> {
  return {
    id: 'system-user',
    rowKey: 'id',
    queryKey: USER_LIST_KEY,
    fetcher: listUsers,
    defaultSort: { column: 'createdAt', order: 'desc' },
    query: [
      { name: 'username', label: textKey('system-users', 'field.username'), type: 'input' },
      { name: 'realname', label: textKey('system-users', 'field.realname'), type: 'input' },
      { name: 'phone', label: textKey('system-users', 'field.phone'), type: 'input' },
      { name: 'status', label: textKey('system-users', 'field.status'), type: 'select', options: STATUS_OPTIONS, hidden: true },
      { name: 'departId', label: textKey('system-users', 'field.departs'), type: 'select', options: departOptions(departs), hidden: true },
      { name: 'roleId', label: textKey('system-users', 'field.roles'), type: 'select', options: roles.map((r) => ({ value: String(r.id), label: literal(r.roleName) })), hidden: true },
    ],
    columns: [
      { dataIndex: 'avatar', title: textKey('system-users', 'field.avatar'), width: 70, render: (user) => <Avatar src={user.avatar || undefined} icon={<UserOutlined />} alt={user.username} /> },
      { dataIndex: 'username', title: textKey('system-users', 'field.username'), sorter: true, fixed: 'left', width: 140, phone: true },
      {
        dataIndex: 'realname',
        title: textKey('system-users', 'field.realname'),
        sorter: true,
        width: 170,
        phone: true,
        render: (user) => (
          <Space size={4}>
            {user.realname}
            {user.mainAccount && <TopTag />}
          </Space>
        ),
      },
      { dataIndex: 'phone', title: textKey('system-users', 'field.phone'), width: 130 },
      { dataIndex: 'email', title: textKey('system-users', 'field.email'), format: 'ellipsis', width: 180, defaultHidden: true },
      { dataIndex: 'workNo', title: textKey('system-users', 'field.workNo'), sorter: true, width: 100, defaultHidden: true },
      { dataIndex: 'departs', title: textKey('system-users', 'field.departs'), width: 180, render: (user) => names(user.departs) },
      { dataIndex: 'positions', title: textKey('system-users', 'field.positions'), width: 140, render: (user) => names(user.positions) },
      { dataIndex: 'roles', title: textKey('system-users', 'field.roles'), width: 160, render: (user) => names(user.roles) },
      { dataIndex: 'status', title: textKey('system-users', 'field.status'), options: STATUS_OPTIONS, width: 90, phone: true },
      { dataIndex: 'createdAt', title: textKey('system-users', 'field.createdAt'), format: 'dateTime', sorter: true, width: 170 },
      { key: 'actions', title: textKey('system-users', 'common.actions'), fixed: 'right', width: 280, phone: true, render: (user) => <UserActions user={user} {...handlers} /> },
    ],
  };
}

function TopTag() {
  const { t } = useTranslation('system-users');
  return <Tag color="gold">{t('list.top')}</Tag>;
}

/** Batch freeze or unfreeze of the selected users, asked first. */
function BatchFreeze({ ids, status, onDone }: { ids: number[]; status: 1 | 2; onDone: () => void }) {
  const { t } = useTranslation('system-users');
  const frozen = useFrozenBatch();
  const freezing = status === 2;
  return (
    <ConfirmedAction
      code="system:user:frozen"
      label={freezing ? t('list.batchFreeze') : t('list.batchUnfreeze')}
      title={t('common.confirmTitle')}
      description={t(freezing ? 'list.batchFreezeConfirm' : 'list.batchUnfreezeConfirm', { count: ids.length })}
      cancelText={t('common.cancel')}
      danger={freezing}
      disabled={ids.length === 0}
      pending={frozen.isPending}
      run={() => frozen.mutateAsync({ ids, status }).then(onDone)}
      done={t(freezing ? 'list.batchFrozenDone' : 'list.batchUnfrozenDone', { count: ids.length })}
      testId={freezing ? 'user-batch-freeze' : 'user-batch-unfreeze'}
    />
  );
}

/** User management (spec §7): the users of the tenant, their accounts, places and roles. */
export function UserListPage() {
  const { t } = useTranslation('system-users');
  const [drawer, setDrawer] = useState<{ user: UserRecord | null } | null>(null);
  const [passwordOf, setPasswordOf] = useState<UserRecord | null>(null);
  const [selected, setSelected] = useState<Key[]>([]);
  const departs = useDepartIdTree();
  const roles = useAllRoles();
  const config = useMemo(
    () => userList({ onEdit: (user) => setDrawer({ user }), onPassword: setPasswordOf }, departs.data ?? [], roles.data ?? []),
    [departs.data, roles.data],
  );
  const ids = selected.map(Number);
  return (
    <Card>
      <ListPage
        config={config}
        exportSlot={(params) => <UserExportButton params={params} />}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
        toolbar={
          // the toolbar's buttons, in order; the recycle bin, import and export join here
          <Space wrap data-testid="user-toolbar">
            <Access code="system:user:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ user: null })} data-testid="user-add">
                {t('common.add')}
              </Button>
            </Access>
            <BatchFreeze ids={ids} status={2} onDone={() => setSelected([])} />
            <BatchFreeze ids={ids} status={1} onDone={() => setSelected([])} />
            <UserDeleteBatch ids={ids} onDone={() => setSelected([])} />
            <UserImportButton />
            <UserRecycleBinButton />
            {ids.length > 0 && <span data-testid="user-selected-count">{t('list.selected', { count: ids.length })}</span>}
          </Space>
        }
      />
      <UserFormDrawer open={drawer !== null} user={drawer?.user ?? null} onClose={() => setDrawer(null)} />
      <UserPasswordDialog user={passwordOf} onClose={() => setPasswordOf(null)} />
    </Card>
  );
}
