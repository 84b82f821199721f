import { useMemo, useState } from 'react';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CategoryNode } from '@portal/shared/system-dicts';
import { http } from '../lib/http.ts';
import { useLanguage } from '../lib/i18n.ts';

/** Every query of the category tree starts with this: the category page invalidates it after a change. */
export const CATEGORIES_KEY = ['sys', 'category'] as const;

/** GET /sys/category/loadTreeChildren?pid=: a node's children (the roots without `pid`), each saying whether it has any. */
export const categoryChildrenQuery = (pid: number | null, language: string) => ({
  queryKey: [...CATEGORIES_KEY, 'children', pid, language] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => http.get<CategoryNode[]>('/sys/category/loadTreeChildren', { params: { pid: pid ?? undefined }, signal }),
  staleTime: 60_000,
});

/** GET /sys/category/search?keyword=: at most 50 categories whose code or name holds it. */
const searchQuery = (keyword: string, language: string) => ({
  queryKey: [...CATEGORIES_KEY, 'search', keyword, language] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => http.get<CategoryNode[]>('/sys/category/search', { params: { keyword }, signal }),
  staleTime: 60_000,
});

/** GET /sys/category/queryById?id=: the title of a value no loaded level holds yet (a form opened on a record). */
const byIdQuery = (id: number, language: string) => ({
  queryKey: [...CATEGORIES_KEY, 'one', id, language] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => http.get<CategoryNode>('/sys/category/queryById', { params: { id }, signal, silent: true }),
  staleTime: 60_000,
});

type SimpleNode = { id: number; pId: number; value: number; title: string; isLeaf: boolean };
const simple = (node: CategoryNode): SimpleNode => ({ id: node.id, pId: node.parentId ?? 0, value: node.id, title: `${node.title} (${node.code})`, isLeaf: node.leaf });

export type CategoryTreeSelectProps = Omit<TreeSelectProps<number | null>, 'treeData' | 'loadData' | 'treeDataSimpleMode' | 'showSearch' | 'value' | 'onChange'> & {
  /** the chosen category's id */
  value?: number | null;
  onChange?: (value: number | null) => void;
};

/**
 * A category of the category dictionary, for any form (`<Form.Item name="categoryId"><CategoryTreeSelect /></Form.Item>`):
 * the tree loads one level at a time as the user opens it; typing searches the whole tree on the server.
 */
export function CategoryTreeSelect({ value, onChange, placeholder, ...rest }: CategoryTreeSelectProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  // the levels opened so far, in the language they were loaded in (another language starts from the roots)
  const [opened, setOpened] = useState<{ language: string; nodes: Map<number, SimpleNode> }>({ language, nodes: new Map() });
  const roots = useQuery(categoryChildrenQuery(null, language));
  const loaded = useMemo(() => {
    const nodes = new Map((roots.data ?? []).map((node) => [node.id, simple(node)]));
    if (opened.language === language) for (const [id, node] of opened.nodes) nodes.set(id, node);
    return nodes;
  }, [roots.data, opened, language]);
  const term = keyword.trim();
  const found = useQuery({ ...searchQuery(term, language), enabled: term.length > 0 });
  const known = value != null && loaded.has(value);
  const chosen = useQuery({ ...byIdQuery(value ?? 0, language), enabled: value != null && !known });

  const loadChildren = async (pid: number) => {
    const children = await client.fetchQuery(categoryChildrenQuery(pid, language));
    setOpened((current) => {
      const nodes = new Map(current.language === language ? current.nodes : []);
      for (const node of children) nodes.set(node.id, simple(node));
      return { language, nodes };
    });
  };

  const treeData = useMemo(() => {
    // while searching, the matches are shown flat: a match deep in the tree needs no level loaded
    if (term) return (found.data ?? []).map((node) => ({ ...simple(node), pId: 0, isLeaf: true }));
    const nodes = [...loaded.values()];
    if (value != null && !known && chosen.data) nodes.push({ ...simple(chosen.data), pId: 0 });
    return nodes;
  }, [term, found.data, loaded, value, known, chosen.data]);

  return (
    <TreeSelect<number | null>
      allowClear
      {...rest}
      value={value ?? null}
      onChange={(next) => {
        setKeyword('');
        onChange?.(next ?? null);
      }}
      placeholder={placeholder ?? t('components.categorySelect.placeholder')}
      treeDataSimpleMode={{ id: 'id', pId: 'pId', rootPId: 0 }}
      treeData={treeData}
      loadData={term ? undefined : (node) => loadChildren(Number(node.value))}
      showSearch={{ searchValue: keyword, onSearch: setKeyword, filterTreeNode: false }}
      loading={roots.isPending || found.isFetching}
      notFoundContent={t('components.categorySelect.noMatch')}
    />
  );
}
