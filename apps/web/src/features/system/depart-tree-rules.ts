import type { DepartNode } from '@portal/shared/system-departs';

/* The rules of the department tree (pages/depart-list-page.tsx): search and drag and drop. */

/** The tree cut to the departments whose name or org code holds `term`, with their ancestors. */
export function filterDeparts(nodes: readonly DepartNode[], term: string): DepartNode[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return [...nodes];
  return nodes.flatMap((node): DepartNode[] => {
    const children = filterDeparts(node.children, term);
    const hit = node.departName.toLowerCase().includes(needle) || node.orgCode.toLowerCase().includes(needle);
    return hit || children.length > 0 ? [{ ...node, children: hit && children.length === 0 ? node.children : children }] : [];
  });
}

export function findDepart(nodes: readonly DepartNode[], id: number): DepartNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inner = findDepart(node.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/** The ids of every department that has sub-departments (to open the whole tree). */
export const parentIds = (nodes: readonly DepartNode[]): number[] => nodes.flatMap((n) => (n.children.length > 0 ? [n.id, ...parentIds(n.children)] : []));

/**
 * Where a drop puts the dragged department: `inside` the target (its first child), or `before` / `after` it
 * among the target's siblings. The index counts the siblings without the dragged one, as the server does
 * (PUT /sys/sysDepart/move). Null when the drop would put it under itself or one of its descendants.
 */
export function dropTarget(tree: readonly DepartNode[], dragId: number, targetId: number, where: 'inside' | 'before' | 'after'): { id: number; parentId: number | null; index: number } | null {
  const dragged = findDepart(tree, dragId);
  const target = findDepart(tree, targetId);
  if (!dragged || !target || dragId === targetId) return null;
  const parentId = where === 'inside' ? target.id : target.parentId;
  if (parentId !== null && findDepart(dragged.children, parentId)) return null;
  if (parentId === dragId) return null;
  if (where === 'inside') return { id: dragId, parentId, index: 0 };
  const siblings = (parentId === null ? tree : (findDepart(tree, parentId)?.children ?? [])).filter((n) => n.id !== dragId).map((n) => n.id);
  const at = siblings.indexOf(targetId);
  return { id: dragId, parentId, index: where === 'before' ? at : at + 1 };
}
