import { useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { dataRuleResourceOf, type DataRuleResource } from '@portal/shared/system-data-rules';
import type { MenuTreeNode } from '@portal/shared/system-menus';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { MenuIcon } from '../../../components/menu-icon.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { entryTitle } from '../../../lib/menu-title.ts';
import { useDeleteMenu, useMenuTree } from '../api/menus.ts';
import { DataRuleDrawer } from '../components/data-rule-drawer.tsx';
import { MenuFormDrawer, type MenuFormTarget } from '../components/menu-form-drawer.tsx';

const titleOf = (node: MenuTreeNode, language: ReturnType<typeof useLanguage>) => entryTitle({ title: node.name, titles: node.titles }, language);

/** The tree cut to the entries whose title holds `term`, with their ancestors. */
function filterTree(nodes: readonly MenuTreeNode[], matches: (node: MenuTreeNode) => boolean): MenuTreeNode[] {
  return nodes.flatMap((node): MenuTreeNode[] => {
    const children = filterTree(node.children ?? [], matches);
    if (children.length > 0) return [{ ...node, children }];
    if (!matches(node)) return [];
    const leaf = { ...node };
    delete leaf.children;
    return [leaf];
  });
}

const idsWithChildren = (nodes: readonly MenuTreeNode[]): number[] => nodes.flatMap((n) => (n.children?.length ? [n.id, ...idsWithChildren(n.children)] : []));

/** A row's actions, in order; one more action (the data rules of a menu) is one more entry here. */
type RowAction = (node: MenuTreeNode) => ReactNode;

/**
 * Menu (permission) management (platform): the whole catalogue as a tree of menus and buttons, searchable
 * by title, every entry editable in a drawer. A change reaches every signed-in user's menu on their next load.
 */
export function MenuListPage() {
  const { t } = useTranslation('system-menus');
  const { t: tRules } = useTranslation('system-data-rules');
  const language = useLanguage();
  const tree = useMenuTree();
  const remove = useDeleteMenu();
  const [term, setTerm] = useState('');
  const [expanded, setExpanded] = useState<readonly React.Key[]>([]);
  const [target, setTarget] = useState<MenuFormTarget | null>(null);
  // the platform's own data rules of a menu whose resource rules can narrow (decision 0016)
  const [rulesOf, setRulesOf] = useState<{ node: MenuTreeNode; resource: DataRuleResource } | null>(null);

  const all = useMemo(() => tree.data ?? [], [tree.data]);
  const shown = useMemo(() => {
    const needle = term.trim().toLowerCase();
    return needle ? filterTree(all, (node) => titleOf(node, language).toLowerCase().includes(needle)) : all;
  }, [all, term, language]);
  // a search opens every branch it keeps
  const expandedKeys = term.trim() ? idsWithChildren(shown) : expanded;

  const rowActions: RowAction[] = [
    (node) => (
      <Access code="system:permission:edit" key="edit">
        <Button type="link" size="small" onClick={() => setTarget({ entry: node })} data-testid={`menu-edit-${node.perms}`}>
          {t('action.edit')}
        </Button>
      </Access>
    ),
    (node) =>
      node.menuType === 2 ? null : (
        <Access code="system:permission:add" key="add">
          <Button type="link" size="small" onClick={() => setTarget({ parentId: node.id, menuType: 1 })} data-testid={`menu-add-child-${node.perms}`}>
            {t('action.addChild')}
          </Button>
        </Access>
      ),
    (node) => {
      // the platform's own rules: only on a menu that takes effect on its side (a merchant-only one answers 404 there)
      const resource = node.menuType === 2 || node.merchantOnly ? null : dataRuleResourceOf(node.perms);
      return resource ? (
        <Access code="system:permission:rule" key="rules">
          <Button type="link" size="small" onClick={() => setRulesOf({ node, resource })} data-testid={`menu-data-rules-${node.perms}`}>
            {tRules('link')}
          </Button>
        </Access>
      ) : null;
    },
    (node) =>
      node.builtIn ? null : (
        <ConfirmedAction
          key="delete"
          code="system:permission:delete"
          label={t('action.delete')}
          title={t('confirm.deleteTitle')}
          description={t('confirm.deleteText', { title: titleOf(node, language) })}
          okText={t('confirm.ok')}
          cancelText={t('confirm.cancel')}
          danger
          pending={remove.isPending && remove.variables === node.id}
          run={() => remove.mutateAsync(node.id)}
          done={t('done.deleted')}
          notFound={t('notFound')}
          testId={`menu-delete-${node.perms}`}
        />
      ),
  ];

  const columns: TableColumnsType<MenuTreeNode> = [
    {
      key: 'title',
      title: t('column.title'),
      width: 280,
      render: (_, node) => (
        <Space size={6} data-testid="menu-row-title">
          <MenuIcon name={node.icon} />
          {titleOf(node, language)}
        </Space>
      ),
    },
    { key: 'type', title: t('column.type'), width: 130, render: (_, node) => <Tag color={node.menuType === 2 ? 'default' : 'blue'}>{t(`type.${node.menuType as 0 | 1 | 2}`)}</Tag> },
    { key: 'icon', title: t('column.icon'), width: 70, align: 'center', render: (_, node) => <MenuIcon name={node.icon} /> },
    { key: 'path', title: t('column.path'), dataIndex: 'path', width: 220, ellipsis: true },
    { key: 'component', title: t('column.component'), dataIndex: 'component', width: 240, ellipsis: true },
    { key: 'perms', title: t('column.perms'), dataIndex: 'perms', width: 240, ellipsis: true },
    { key: 'sortNo', title: t('column.sortNo'), dataIndex: 'sortNo', width: 80, align: 'right' },
    {
      key: 'flags',
      title: t('column.flags'),
      width: 170,
      render: (_, node) => (
        <Space size={2} wrap>
          {node.hidden ? <Tag>{t('flag.hidden')}</Tag> : null}
          {node.status === '0' ? <Tag color="orange">{t('flag.off')}</Tag> : null}
          {node.url ? <Tag color="purple">{t('flag.external')}</Tag> : null}
          {node.builtIn ? <Tag color="geekblue">{t('flag.builtIn')}</Tag> : null}
          {node.edited ? <Tag color="green">{t('flag.edited')}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('column.actions'),
      width: 230,
      fixed: 'right',
      render: (_, node) => <Space size={0}>{rowActions.map((action) => action(node))}</Space>,
    },
  ];

  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder={t('list.search')} aria-label={t('list.search')} onChange={(e) => setTerm(e.target.value)} style={{ width: 260 }} data-testid="menu-search" />
        <Button onClick={() => setExpanded(idsWithChildren(all))} data-testid="menu-expand-all">
          {t('list.expandAll')}
        </Button>
        <Button onClick={() => setExpanded([])} data-testid="menu-collapse-all">
          {t('list.collapseAll')}
        </Button>
        <Access code="system:permission:add">
          <Button type="primary" onClick={() => setTarget({ parentId: null, menuType: 0 })} data-testid="menu-add">
            {t('list.add')}
          </Button>
        </Access>
      </Space>
      <Table<MenuTreeNode>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={shown}
        loading={tree.isLoading}
        pagination={false}
        scroll={{ x: 1600 }}
        // "nothing found" only once the list has come: not under the spinner while it loads
        locale={{ emptyText: tree.isLoading ? ' ' : t('list.empty') }}
        expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: (keys) => setExpanded(keys) }}
        onRow={(node) => ({ 'data-testid': `menu-row-${node.perms}` }) as React.HTMLAttributes<HTMLElement>}
      />
      <MenuFormDrawer target={target} tree={all} onClose={() => setTarget(null)} />
      {rulesOf ? <DataRuleDrawer open permissionId={rulesOf.node.id} resource={rulesOf.resource} title={titleOf(rulesOf.node, language)} onClose={() => setRulesOf(null)} /> : null}
    </Card>
  );
}
