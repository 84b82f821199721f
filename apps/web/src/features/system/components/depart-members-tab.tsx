import { useState } from 'react';
import { Button, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DepartMember, DepartNode } from '@portal/shared/system-departs';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { useSettled } from '../../../lib/use-settled.ts';
import { useDepartMembers, useRemoveDepartMember } from '../api/departs.ts';
import { DepartAddMembersDialog } from './depart-add-members-dialog.tsx';
import { DepartMemberRolesDialog } from './depart-member-roles-dialog.tsx';

const PAGE_SIZE = 10;

/** The department's members: add users of the tenant, remove them, give them the department's roles. */
export function DepartMembersTab({ depart }: { depart: DepartNode }) {
  const { t } = useTranslation('system-departs');
  const [pageNo, setPageNo] = useState(1);
  const [typed, setTyped] = useState('');
  const username = useSettled(typed, 300);
  const members = useDepartMembers(depart.id, pageNo, PAGE_SIZE, username);
  const remove = useRemoveDepartMember();
  const [adding, setAdding] = useState(false);
  const [rolesOf, setRolesOf] = useState<DepartMember | null>(null);

  const columns: TableColumnsType<DepartMember> = [
    { title: t('field.username'), dataIndex: 'username', render: (username: string, member) => (member.head ? <Space>{username}<Tag color="blue">{t('field.heads')}</Tag></Space> : username) },
    { title: t('field.realname'), dataIndex: 'realname' },
    { title: t('field.phone'), dataIndex: 'phone' },
    {
      key: 'actions',
      width: 240,
      render: (_, member) => (
        <Space size={0}>
          <Access code="system:depart:auth">
            <Button type="link" size="small" onClick={() => setRolesOf(member)} data-testid={`depart-member-roles-${member.username}`}>
              {t('action.deptRoles')}
            </Button>
          </Access>
          <ConfirmedAction
            code="system:depart:edit"
            label={t('action.remove')}
            title={t('confirm.removeTitle', { name: member.realname || member.username })}
            description={t('confirm.removeBody')}
            cancelText={t('action.cancel')}
            danger
            pending={remove.isPending}
            run={() => remove.mutateAsync({ depId: depart.id, userId: member.id })}
            done={t('done.removed')}
            testId={`depart-member-remove-${member.username}`}
          />
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="depart-members">
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          placeholder={`${t('field.username')} / ${t('field.realname')}`}
          aria-label={`${t('field.username')} / ${t('field.realname')}`}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setPageNo(1);
          }}
          data-testid="depart-member-search"
        />
        <Access code="system:depart:edit">
          <Button type="primary" onClick={() => setAdding(true)} data-testid="depart-member-add">
            {t('action.addMembers')}
          </Button>
        </Access>
      </Space>
      <Table<DepartMember>
        rowKey="id"
        size="small"
        loading={members.isPending}
        columns={columns}
        dataSource={members.data?.records ?? []}
        pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: members.data?.total ?? 0, onChange: setPageNo, showSizeChanger: false }}
        data-testid="depart-member-table"
      />
      <DepartAddMembersDialog depart={adding ? depart : null} onClose={() => setAdding(false)} />
      <DepartMemberRolesDialog depart={depart} member={rolesOf} onClose={() => setRolesOf(null)} />
    </div>
  );
}
