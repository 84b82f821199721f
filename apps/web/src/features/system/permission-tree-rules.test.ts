import { describe, expect, it } from 'vitest';
import type { PermissionTreeNode } from '@portal/shared/system-roles';
import { allKeys, checkKey, indexTree, parentKeys, uncheckKey } from './permission-tree-rules.ts';

const node = (key: number, children?: PermissionTreeNode[]): PermissionTreeNode => ({ key, title: `t${key}`, menuType: children ? 0 : 2, perms: '', children });
// 1 > (2 > (3, 4)), 5 > 6
const index = indexTree([node(1, [node(2, [node(3), node(4)])]), node(5, [node(6)])]);

describe('the permission tree keeps parent and child selection sensible', () => {
  it('checking a button checks the menus it sits in', () => {
    expect(checkKey(index, [], 3, false).sort()).toEqual([1, 2, 3]);
  });
  it('checking a menu leaves its children alone unless cascading', () => {
    expect(checkKey(index, [], 2, false).sort()).toEqual([1, 2]);
    expect(checkKey(index, [], 2, true).sort()).toEqual([1, 2, 3, 4]);
  });
  it('unchecking a menu unchecks everything under it, and keeps its parents', () => {
    expect(uncheckKey(index, [1, 2, 3, 4, 5], 2).sort()).toEqual([1, 5]);
  });
  it('ids the tree does not show are kept through checks and unchecks', () => {
    expect(checkKey(index, [99], 6, false).sort((a, b) => a - b)).toEqual([5, 6, 99]);
    expect(uncheckKey(index, [99, 5, 6], 5)).toEqual([99]);
  });
  it('lists every key and every parent', () => {
    expect(allKeys(index)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(parentKeys(index)).toEqual([1, 2, 5]);
  });
});
