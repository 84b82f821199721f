import { describe, expect, it } from 'vitest';
import type { DepartNode } from '@portal/shared/system-departs';
import { dropTarget, filterDeparts } from './depart-tree-rules.ts';

const node = (id: number, parentId: number | null, orgCode: string, departName: string, children: DepartNode[] = []): DepartNode => ({
  id,
  parentId,
  orgCode,
  departName,
  sortNo: 0,
  heads: [],
  memberCount: 0,
  children,
});

// Demo Trading > (Operations > Night shift, Finance, Sales)
const tree = [node(1, null, 'A01', 'Demo Trading', [node(2, 1, 'A01A01', 'Operations', [node(5, 2, 'A01A01A01', 'Night shift')]), node(3, 1, 'A01A02', 'Finance'), node(4, 1, 'A01A03', 'Sales')])];

describe('department tree rules', () => {
  it('searches by name or org code and keeps the ancestors', () => {
    const found = filterDeparts(tree, 'night');
    expect(found[0]!.children.map((c) => c.departName)).toEqual(['Operations']);
    expect(found[0]!.children[0]!.children.map((c) => c.orgCode)).toEqual(['A01A01A01']);
    expect(filterDeparts(tree, 'a01a02')[0]!.children.map((c) => c.id)).toEqual([3]);
    expect(filterDeparts(tree, 'nothing')).toEqual([]);
    expect(filterDeparts(tree, ' ')).toEqual(tree);
  });

  it('turns a drop into a parent and an index among the siblings without the dragged one', () => {
    expect(dropTarget(tree, 4, 2, 'before')).toEqual({ id: 4, parentId: 1, index: 0 });
    expect(dropTarget(tree, 2, 4, 'after')).toEqual({ id: 2, parentId: 1, index: 2 });
    expect(dropTarget(tree, 2, 3, 'after')).toEqual({ id: 2, parentId: 1, index: 1 });
    expect(dropTarget(tree, 3, 5, 'inside')).toEqual({ id: 3, parentId: 5, index: 0 });
    expect(dropTarget(tree, 5, 1, 'before')).toEqual({ id: 5, parentId: null, index: 0 });
  });

  it('refuses to drop a department under itself or its descendants', () => {
    expect(dropTarget(tree, 2, 5, 'inside')).toBeNull();
    expect(dropTarget(tree, 1, 5, 'after')).toBeNull();
    expect(dropTarget(tree, 2, 2, 'inside')).toBeNull();
  });
});
