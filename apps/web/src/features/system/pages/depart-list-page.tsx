import { useState } from 'react';
import { Card, Col, Empty, Row, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DepartNode } from '@portal/shared/system-departs';
import { useCan } from '../../../lib/permissions.ts';
import { useDepartTree } from '../api/departs.ts';
import { findDepart } from '../depart-tree-rules.ts';
import { DepartTreePanel } from '../components/depart-tree-panel.tsx';
import { DepartDetailsTab } from '../components/depart-details-tab.tsx';
import { DepartPermissionTab } from '../components/depart-permission-tab.tsx';
import { DepartRolesTab } from '../components/depart-roles-tab.tsx';
import { DepartMembersTab } from '../components/depart-members-tab.tsx';

/**
 * Department management: the tree on the left (search, drag to reorder or move), and the chosen
 * department on the right: its details, its permissions (the ceiling of what may be granted inside it),
 * its department roles and its members.
 */
export function DepartListPage() {
  const { t } = useTranslation('system-departs');
  const can = useCan();
  const tree = useDepartTree();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // the chosen department as the tree now has it (a save or a move refreshes the tree)
  const selected: DepartNode | null = selectedId === null ? null : (findDepart(tree.data ?? [], selectedId) ?? null);

  const tabs = selected
    ? [
        { key: 'details', label: t('tabs.details'), children: <DepartDetailsTab depart={selected} onDeleted={() => setSelectedId(null)} /> },
        ...(can('system:depart:auth')
          ? [
              { key: 'permission', label: t('tabs.permission'), children: <DepartPermissionTab depart={selected} /> },
              { key: 'roles', label: t('tabs.roles'), children: <DepartRolesTab depart={selected} /> },
            ]
          : []),
        { key: 'members', label: t('tabs.members'), children: <DepartMembersTab depart={selected} /> },
      ]
    : [];

  return (
    <Row gutter={16} data-testid="depart-list-page">
      <Col xs={24} lg={8}>
        <Card size="small">
          <DepartTreePanel selected={selected} onSelect={(depart) => setSelectedId(depart?.id ?? null)} />
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card size="small" title={selected ? <Typography.Text data-testid="depart-selected-title">{`${selected.departName} (${selected.orgCode})`}</Typography.Text> : t('title')}>
          {selected ? <Tabs key={selected.id} items={tabs} destroyOnHidden data-testid="depart-tabs" /> : <Empty description={t('none')} />}
        </Card>
      </Col>
    </Row>
  );
}
