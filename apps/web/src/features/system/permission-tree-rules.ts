import type { PermissionTreeNode } from '@portal/shared/system-roles';

/*
 * The check rules of the permission tree (components/permission-tree.tsx). Each node is checked on its own
 * (antd's checkStrictly), with two links that keep a selection sensible: a checked node brings its ancestors
 * (a button or a sub menu is no use without the menus it sits in), and an unchecked node takes its
 * descendants with it (nothing stays checked under a menu that is not). "Cascade" adds the descendants of a
 * checked node too, for granting a whole menu at once.
 */

export type TreeIndex = {
  parentOf: Map<number, number>;
  childrenOf: Map<number, number[]>;
  /** every key, parents before children */
  keys: number[];
};

export function indexTree(nodes: readonly PermissionTreeNode[]): TreeIndex {
  const index: TreeIndex = { parentOf: new Map(), childrenOf: new Map(), keys: [] };
  const walk = (list: readonly PermissionTreeNode[], parent: number | null) => {
    for (const node of list) {
      index.keys.push(node.key);
      if (parent !== null) index.parentOf.set(node.key, parent);
      const children = node.children ?? [];
      index.childrenOf.set(
        node.key,
        children.map((c) => c.key),
      );
      walk(children, node.key);
    }
  };
  walk(nodes, null);
  return index;
}

function descendants(index: TreeIndex, key: number): number[] {
  const out: number[] = [];
  const stack = [...(index.childrenOf.get(key) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop() as number;
    out.push(next);
    stack.push(...(index.childrenOf.get(next) ?? []));
  }
  return out;
}

function ancestors(index: TreeIndex, key: number): number[] {
  const out: number[] = [];
  for (let p = index.parentOf.get(key); p !== undefined; p = index.parentOf.get(p)) out.push(p);
  return out;
}

/** The checked keys after `key` is checked (with its ancestors; with its descendants when `cascade`). */
export function checkKey(index: TreeIndex, checked: readonly number[], key: number, cascade: boolean): number[] {
  const next = new Set(checked);
  next.add(key);
  for (const a of ancestors(index, key)) next.add(a);
  if (cascade) for (const d of descendants(index, key)) next.add(d);
  return index.keys.filter((k) => next.has(k)).concat(checked.filter((k) => !index.childrenOf.has(k)));
}

/** The checked keys after `key` is unchecked: its descendants go with it, its ancestors stay. */
export function uncheckKey(index: TreeIndex, checked: readonly number[], key: number): number[] {
  const gone = new Set([key, ...descendants(index, key)]);
  return checked.filter((k) => !gone.has(k));
}

/** Every key of the tree, for "check all". */
export const allKeys = (index: TreeIndex): number[] => [...index.keys];

/** The keys of nodes with children, for "expand all". */
export const parentKeys = (index: TreeIndex): number[] => index.keys.filter((k) => (index.childrenOf.get(k)?.length ?? 0) > 0);
