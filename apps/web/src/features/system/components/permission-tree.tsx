import { useMemo, useState, type ReactNode } from 'react';
import { Button, Checkbox, Empty, Space, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import type { PermissionTreeNode } from '@portal/shared/system-roles';
import { useLanguage } from '../../../lib/i18n.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { allKeys, checkKey, indexTree, parentKeys, uncheckKey } from '../permission-tree-rules.ts';

export type PermissionTreeProps = {
  /** the menus and buttons that may be checked (GET /sys/role/queryTreeList's `treeList`, or a department's) */
  nodes: readonly PermissionTreeNode[];
  /** the checked ids; ids that are not in `nodes` are kept as they are (the caller may not see them all) */
  value: readonly number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
  /** drawn after a node's title: a per-menu link (the data rules of a menu for the role) goes here */
  renderNodeExtra?: (node: PermissionTreeNode) => ReactNode;
  /** scroll height of the tree, in pixels; the whole tree when not given */
  height?: number;
  /** prefix of the data-testids: `<testId>`, `<testId>-expand-all`, `<testId>-check-all`, `<testId>-cascade`, `<testId>-node-<id>` */
  testId?: string;
};

/**
 * A check-box tree of menus and buttons (the role, department and department-role permissions). Titles are
 * translated as the side menu translates them. Each node is checked on its own, and
 * `permission-tree-rules.ts` keeps the selection sensible: checking a node checks its ancestors, unchecking
 * it unchecks its descendants; with "cascade" on, checking a menu also checks everything under it.
 * Toolbar: expand or collapse all, check or uncheck all, cascade.
 */
export function PermissionTree({ nodes, value, onChange, disabled = false, renderNodeExtra, height, testId = 'permission-tree' }: PermissionTreeProps) {
  const { t } = useTranslation('system-roles');
  const language = useLanguage();
  const index = useMemo(() => indexTree(nodes), [nodes]);
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const [cascade, setCascade] = useState(false);
  const expandedKeys = expanded ?? parentKeys(index);
  const byKey = useMemo(() => {
    const map = new Map<number, PermissionTreeNode>();
    const walk = (list: readonly PermissionTreeNode[]) => list.forEach((n) => (map.set(n.key, n), walk(n.children ?? [])));
    walk(nodes);
    return map;
  }, [nodes]);

  const treeData = useMemo(() => {
    const toData = (list: readonly PermissionTreeNode[]): DataNode[] =>
      list.map((node) => ({
        key: node.key,
        title: (
          <span data-testid={`${testId}-node-${node.key}`}>
            {menuTitle(node.title, language)}
            {node.menuType === 2 ? (
              <Tag style={{ marginInlineStart: 8 }} bordered={false}>
                {t('tree.button')}
              </Tag>
            ) : null}
            {renderNodeExtra ? <span onClick={(event) => event.stopPropagation()}>{renderNodeExtra(node)}</span> : null}
          </span>
        ),
        children: node.children && node.children.length > 0 ? toData(node.children) : undefined,
      }));
    return toData(nodes);
  }, [nodes, language, renderNodeExtra, t, testId]);

  if (nodes.length === 0) return <Empty description={t('permission.empty')} />;

  const checkedInTree = value.filter((id) => byKey.has(id));
  const everything = allKeys(index);
  return (
    <div data-testid={testId}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => setExpanded(parentKeys(index))} data-testid={`${testId}-expand-all`}>
          {t('tree.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])} data-testid={`${testId}-collapse-all`}>
          {t('tree.collapseAll')}
        </Button>
        <Button size="small" disabled={disabled} onClick={() => onChange([...new Set([...value, ...everything])])} data-testid={`${testId}-check-all`}>
          {t('tree.checkAll')}
        </Button>
        <Button size="small" disabled={disabled} onClick={() => onChange(value.filter((id) => !byKey.has(id)))} data-testid={`${testId}-uncheck-all`}>
          {t('tree.uncheckAll')}
        </Button>
        <Checkbox checked={cascade} onChange={(event) => setCascade(event.target.checked)} data-testid={`${testId}-cascade`}>
          {t('tree.cascade')}
        </Checkbox>
      </Space>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        disabled={disabled}
        height={height}
        treeData={treeData}
        expandedKeys={expandedKeys}
        onExpand={(keys) => setExpanded(keys.map(Number))}
        checkedKeys={{ checked: checkedInTree, halfChecked: [] }}
        onCheck={(_, info) => {
          const key = Number(info.node.key);
          onChange(info.checked ? checkKey(index, value, key, cascade) : uncheckKey(index, value, key));
        }}
      />
    </div>
  );
}
