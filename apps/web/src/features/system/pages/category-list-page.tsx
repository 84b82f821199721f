import { useMemo, useState, type Key } from 'react';
import { Button, Card, Empty, Space, Tree, type TreeDataNode } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CategoryNode } from '@portal/shared/system-dicts';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { CategoryTreeSelect, categoryChildrenQuery } from '../../../components/category-tree-select.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useDeleteCategory } from '../api/categories.ts';
import { CategoryFormDialog } from '../components/category-form-dialog.tsx';

type Dialog = { parent: CategoryNode | null; category: CategoryNode | null };

function NodeTitle({ node, onAdd, onEdit, onDeleted }: { node: CategoryNode; onAdd: () => void; onEdit: () => void; onDeleted: () => void }) {
  const { t } = useTranslation('system-dicts');
  const remove = useDeleteCategory();
  return (
    <Space size={4} wrap>
      <span>
        {node.title} <span style={{ color: 'rgba(0, 0, 0, 0.6)' }}>({node.code})</span>
      </span>
      <Access code="system:category:add">
        <Button type="link" size="small" onClick={onAdd} data-testid="category-add-child">
          {t('category.addChild')}
        </Button>
      </Access>
      <Access code="system:category:edit">
        <Button type="link" size="small" onClick={onEdit} data-testid="category-edit">
          {t('common.edit')}
        </Button>
      </Access>
      <ConfirmedAction
        code="system:category:delete"
        label={t('common.delete')}
        title={t('common.confirmTitle')}
        description={t('category.deleteConfirm', { name: node.title })}
        cancelText={t('common.cancel')}
        danger
        pending={remove.isPending}
        run={() => remove.mutateAsync(node.id).then(onDeleted)}
        done={t('common.deleted')}
        testId="category-delete"
      />
    </Space>
  );
}

/** The category dictionary: one global tree, loaded a level at a time; the platform adds, edits and deletes. */
export function CategoryListPage() {
  const { t } = useTranslation('system-dicts');
  const language = useLanguage();
  const client = useQueryClient();
  const roots = useQuery(categoryChildrenQuery(null, language));
  // the opened levels, in the language they were loaded in: another language starts again from the roots
  const [opened, setOpened] = useState<{ language: string; levels: Map<number, CategoryNode[]>; expanded: Key[] }>({ language, levels: new Map(), expanded: [] });
  const current = opened.language === language ? opened : { language, levels: new Map<number, CategoryNode[]>(), expanded: [] };
  const { levels, expanded } = current;
  const setExpanded = (keys: Key[]) => setOpened({ ...current, expanded: keys });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [tried, setTried] = useState<number | null>(null);

  const loadLevel = async (pid: number, fresh = false) => {
    const children = await client.fetchQuery({ ...categoryChildrenQuery(pid, language), ...(fresh ? { staleTime: 0 } : {}) });
    setOpened((was) => {
      const base = was.language === language ? was : { language, levels: new Map<number, CategoryNode[]>(), expanded: [] };
      return { ...base, levels: new Map(base.levels).set(pid, children) };
    });
  };

  // a level whose children changed is loaded again (the roots by their query)
  const reloadLevel = (pid: number | null) => {
    if (pid === null) void roots.refetch();
    else void loadLevel(pid, true);
  };

  const treeData = useMemo(() => {
    const build = (nodes: CategoryNode[]): TreeDataNode[] =>
      nodes.map((node) => {
        const children = levels.get(node.id);
        return {
          key: node.id,
          isLeaf: node.leaf,
          children: children ? build(children) : undefined,
          title: (
            <NodeTitle
              node={node}
              onAdd={() => setDialog({ parent: node, category: null })}
              onEdit={() => setDialog({ parent: null, category: node })}
              onDeleted={() => reloadLevel(node.parentId)}
            />
          ),
        };
      });
    return build(roots.data ?? []);
    // reloadLevel only reads the current language and queries
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roots.data, levels]);

  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }} data-testid="category-toolbar">
        <Access code="system:category:add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ parent: null, category: null })} data-testid="category-add">
            {t('category.addRoot')}
          </Button>
        </Access>
        {/* a label tied to the select's input: without it the try-out select had no name (axe) */}
        <label htmlFor="category-try-select">{t('category.tryIt')}:</label>
        <CategoryTreeSelect id="category-try-select" style={{ width: 260 }} value={tried} onChange={setTried} data-testid="category-try" />
      </Space>
      {roots.data && roots.data.length === 0 ? (
        <Empty description={t('category.empty')} />
      ) : (
        <Tree
          blockNode
          treeData={treeData}
          expandedKeys={expanded}
          onExpand={setExpanded}
          selectable={false}
          loadData={(node) => (levels.has(Number(node.key)) ? Promise.resolve() : loadLevel(Number(node.key)))}
          data-testid="category-tree"
        />
      )}
      <CategoryFormDialog
        open={dialog !== null}
        parent={dialog?.parent ?? null}
        category={dialog?.category ?? null}
        onClose={() => setDialog(null)}
        onSaved={(parentId) => {
          reloadLevel(parentId);
          // a first child turns its parent from a leaf into a branch: the parent's own level says so
          if (parentId !== null && dialog?.parent) reloadLevel(dialog.parent.parentId);
        }}
      />
    </Card>
  );
}
