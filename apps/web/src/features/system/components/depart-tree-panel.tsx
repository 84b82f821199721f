import { useMemo, useState } from 'react';
import { App, Button, Empty, Input, Space, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import type { DepartNode } from '@portal/shared/system-departs';
import { Access } from '../../../components/access.tsx';
import { useCan } from '../../../lib/permissions.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { ImportButton } from '../../../components/import-dialog.tsx';
import { exportDeparts, useDepartTree, useDownloadDepartTemplate, useImportDeparts, useMoveDepart } from '../api/departs.ts';
import { dropTarget, filterDeparts, parentIds } from '../depart-tree-rules.ts';
import { DepartAddDialog } from './depart-add-dialog.tsx';

function DepartImportButton() {
  const { t } = useTranslation('system-departs');
  const texts = {
    button: t('import.button'),
    title: t('import.title'),
    stepTemplate: t('import.stepTemplate'),
    hint: t('import.hint', { size: '5 MB' }),
    success: (count: number) => t('import.success', { count }),
    failed: (count: number) => t('import.failed', { count }),
  };
  return <ImportButton code="system:depart:import" testId="depart-import" texts={texts} template={useDownloadDepartTemplate()} upload={useImportDeparts()} />;
}

/**
 * The left side of department management: the tenant's tree, searchable by name or org code; a drag
 * reorders a department among its siblings or moves it under another (the server renumbers the codes).
 */
export function DepartTreePanel({ selected, onSelect }: { selected: DepartNode | null; onSelect: (depart: DepartNode | null) => void }) {
  const { t } = useTranslation('system-departs');
  const { message } = App.useApp();
  const can = useCan();
  const tree = useDepartTree();
  const move = useMoveDepart();
  const [term, setTerm] = useState('');
  // every branch open until the user folds one
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const [adding, setAdding] = useState<{ parent: DepartNode | null } | null>(null);
  const all = useMemo(() => tree.data ?? [], [tree.data]);
  const shown = useMemo(() => filterDeparts(all, term), [all, term]);

  const treeData = useMemo(() => {
    const toData = (nodes: readonly DepartNode[]): DataNode[] =>
      nodes.map((node) => ({
        key: node.id,
        title: (
          <span data-testid={`depart-node-${node.orgCode}`}>
            {node.departName}{' '}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {node.orgCode} · {t('tree.members', { count: node.memberCount })}
            </Typography.Text>
          </span>
        ),
        children: node.children.length > 0 ? toData(node.children) : undefined,
      }));
    return toData(shown);
  }, [shown, t]);

  const byId = (id: number, nodes: readonly DepartNode[] = all): DepartNode | null => {
    for (const node of nodes) {
      if (node.id === id) return node;
      const inner = byId(id, node.children);
      if (inner) return inner;
    }
    return null;
  };

  return (
    <div data-testid="depart-tree-panel">
      <Space wrap style={{ marginBottom: 8 }}>
        <Access code="system:depart:add">
          <Button type="primary" onClick={() => setAdding({ parent: null })} data-testid="depart-add-top">
            {t('tree.addTop')}
          </Button>
          <Button disabled={!selected} onClick={() => setAdding({ parent: selected })} data-testid="depart-add-child">
            {t('tree.addChild')}
          </Button>
        </Access>
        <ExportButton code="system:depart:export" label={t('action.export')} run={exportDeparts} />
        <DepartImportButton />
      </Space>
      <Input.Search allowClear placeholder={t('tree.search')} aria-label={t('tree.search')} value={term} onChange={(event) => setTerm(event.target.value)} style={{ marginBottom: 8 }} data-testid="depart-search" />
      {can('system:depart:edit') ? (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('tree.dragHint')}
        </Typography.Paragraph>
      ) : null}
      {tree.isPending ? (
        <Spin />
      ) : shown.length === 0 ? (
        <Empty description={t('tree.empty')} />
      ) : (
        <Tree
          blockNode
          draggable={can('system:depart:edit') && !term.trim() ? { icon: false } : false}
          treeData={treeData}
          expandedKeys={term.trim() ? parentIds(shown) : (expanded ?? parentIds(all))}
          onExpand={(keys) => setExpanded(keys.map(Number))}
          selectedKeys={selected ? [selected.id] : []}
          onSelect={(keys) => onSelect(keys.length > 0 ? byId(Number(keys[0])) : null)}
          onDrop={(info) => {
            const position = info.dropPosition - Number(info.node.pos.split('-').pop());
            const where = !info.dropToGap ? 'inside' : position < 0 ? 'before' : 'after';
            const target = dropTarget(all, Number(info.dragNode.key), Number(info.node.key), where);
            if (!target) {
              void message.error(t('tree.moveRefused'));
              return;
            }
            move.mutate(target, { onSuccess: () => void message.success(t('tree.moved')) });
          }}
          data-testid="depart-tree"
        />
      )}
      <DepartAddDialog
        parent={adding?.parent ?? null}
        open={adding !== null}
        onClose={(added) => {
          const parent = adding?.parent;
          setAdding(null);
          if (!added) return;
          // the new department shows under its parent, opened
          if (parent) setExpanded((keys) => [...new Set([...(keys ?? parentIds(all)), parent.id])]);
          onSelect({ ...added, heads: [], memberCount: 0, children: [] });
        }}
      />
    </div>
  );
}
