import { useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Row, Space, Tag, Tree } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MyDepartMemberRecord, MyDepartNode } from '@portal/shared/system-org';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { listMyDepartMembers, MY_DEPART_MEMBERS_KEY, useMyDepartRoles, useMyDepartTree, useRemoveMember } from '../api/my-depart.ts';
import { MyDepartAddMemberDialog } from '../components/my-depart-add-member-dialog.tsx';
import { MyDepartRolesDialog } from '../components/my-depart-roles-dialog.tsx';

type TreeItem = { key: number; title: string; children: TreeItem[] };
const treeOf = (nodes: readonly MyDepartNode[]): TreeItem[] => nodes.map((node) => ({ key: node.id, title: node.departName, children: treeOf(node.children) }));
const findNode = (nodes: readonly MyDepartNode[], id: number): MyDepartNode | undefined => {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
};

function MemberActions({ departId, member, onRoles }: { departId: number; member: MyDepartMemberRecord; onRoles: (member: MyDepartMemberRecord) => void }) {
  const { t } = useTranslation('system-org');
  const remove = useRemoveMember();
  return (
    <Space size={0}>
      <Access code="system:my-depart:edit">
        <Button type="link" size="small" onClick={() => onRoles(member)} data-testid="my-depart-member-roles">
          {t('myDepart.giveRoles')}
        </Button>
      </Access>
      <ConfirmedAction
        code="system:my-depart:member-remove"
        label={t('myDepart.removeMember')}
        title={t('common.confirmTitle')}
        description={t('myDepart.removeConfirm', { name: member.realname || member.username })}
        cancelText={t('common.cancel')}
        danger
        pending={remove.isPending}
        run={() => remove.mutateAsync({ departId, userId: member.id })}
        done={t('myDepart.removed')}
        testId="my-depart-member-remove"
      />
    </Space>
  );
}

function memberList(departId: number, roleNames: Map<number, string>, onRoles: (member: MyDepartMemberRecord) => void): ListPageConfig<MyDepartMemberRecord> {
  return {
    id: 'system-my-depart-members',
    rowKey: 'id',
    queryKey: [...MY_DEPART_MEMBERS_KEY, departId],
    fetcher: listMyDepartMembers(departId),
    query: [{ name: 'keyword', label: textKey('system-org', 'myDepart.keyword'), type: 'input' }],
    columns: [
      { dataIndex: 'username', title: textKey('system-org', 'myDepart.username'), width: 130, phone: true },
      { dataIndex: 'realname', title: textKey('system-org', 'myDepart.realname'), width: 130, phone: true, render: (member) => <Space size={4}>{member.realname}{member.head && <HeadTag />}</Space> },
      { dataIndex: 'workNo', title: textKey('system-org', 'myDepart.workNo'), width: 100 },
      { dataIndex: 'email', title: textKey('system-org', 'myDepart.email'), width: 180, format: 'ellipsis' },
      { dataIndex: 'roleIds', title: textKey('system-org', 'myDepart.roles'), width: 180, render: (member) => member.roleIds.map((id) => <Tag key={id}>{roleNames.get(id) ?? id}</Tag>) },
      {
        dataIndex: 'status',
        title: textKey('system-org', 'myDepart.status'),
        width: 80,
        options: [
          { value: '1', label: textKey('system-org', 'myDepart.normal'), color: 'green' },
          { value: '2', label: textKey('system-org', 'myDepart.frozen'), color: 'red' },
        ],
      },
      { key: 'actions', title: textKey('system-org', 'common.actions'), fixed: 'right', width: 160, phone: true, render: (member) => <MemberActions departId={departId} member={member} onRoles={onRoles} /> },
    ],
  };
}

function HeadTag() {
  const { t } = useTranslation('system-org');
  return <Tag color="gold">{t('myDepart.head')}</Tag>;
}

function Members({ depart }: { depart: MyDepartNode }) {
  const { t } = useTranslation('system-org');
  const [adding, setAdding] = useState(false);
  const [rolesOf, setRolesOf] = useState<MyDepartMemberRecord | null>(null);
  const roles = useMyDepartRoles(depart.id);
  const roleNames = useMemo(() => new Map((roles.data ?? []).map((role) => [role.id, role.roleName])), [roles.data]);
  const config = useMemo(() => memberList(depart.id, roleNames, setRolesOf), [depart.id, roleNames]);
  return (
    <Card title={`${depart.departName} · ${t('myDepart.members')}`} data-testid="my-depart-members">
      <ListPage
        config={config}
        toolbar={
          <Access code="system:my-depart:member-add">
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)} data-testid="my-depart-add-member">
              {t('myDepart.addMember')}
            </Button>
          </Access>
        }
      />
      {adding && <MyDepartAddMemberDialog depart={depart} onClose={() => setAdding(false)} />}
      {rolesOf && <MyDepartRolesDialog key={rolesOf.id} departId={depart.id} member={rolesOf} onClose={() => setRolesOf(null)} />}
    </Card>
  );
}

/** My department: a department head's departments (and those under them), their members and the department's roles. */
export function MyDepartPage() {
  const { t } = useTranslation('system-org');
  const tree = useMyDepartTree();
  const [picked, setPicked] = useState<number | null>(null);
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  // the first led department until the user picks one
  const departId = picked ?? nodes[0]?.id ?? null;
  const depart = departId === null ? undefined : findNode(nodes, departId);
  const items = useMemo(() => treeOf(nodes), [nodes]);
  if (tree.isSuccess && nodes.length === 0) {
    return (
      <Card>
        <Empty description={t('myDepart.noDepartments')} data-testid="my-depart-none" />
      </Card>
    );
  }
  return (
    <Row gutter={16}>
      <Col xs={24} md={6}>
        <Card size="small" title={t('myDepart.tree')} data-testid="my-depart-tree">
          <Tree treeData={items} defaultExpandAll selectedKeys={departId === null ? [] : [departId]} onSelect={(keys) => keys[0] !== undefined && setPicked(Number(keys[0]))} />
        </Card>
      </Col>
      <Col xs={24} md={18}>{depart ? <Members key={depart.id} depart={depart} /> : <Empty description={t('myDepart.pickDepartment')} />}</Col>
    </Row>
  );
}
