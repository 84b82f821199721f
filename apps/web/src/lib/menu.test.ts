import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '@portal/shared/sys';
import { menuEntry } from '../test/menu-entries.ts';
import { menuRoutes } from './menu.ts';

const entry = (path: string, extra: Partial<MenuEntry> = {}) => menuEntry(path, path, extra);

const parentsOf = (menu: MenuEntry[], path: string) => menuRoutes(menu).get(path)?.parents.map((parent) => parent.path);

describe('menuRoutes', () => {
  it('gives each page the groups it sits in', () => {
    const menu = [entry('/system', { children: [entry('/system/user'), entry('/system/user/detail', { hidden: true })] })];
    expect(parentsOf(menu, '/system/user')).toEqual(['/system']);
    // a hidden page under a group, opened from a page of that group: under that page too
    expect(parentsOf(menu, '/system/user/detail')).toEqual(['/system', '/system/user']);
  });

  it('puts a hidden page at the top level under the shown page whose path it extends', () => {
    const menu = [entry('/product-search'), entry('/product-search/product', { hidden: true }), entry('/purchase/stock')];
    expect(parentsOf(menu, '/product-search/product')).toEqual(['/product-search']);
    expect(parentsOf(menu, '/purchase/stock')).toEqual([]);
  });

  it('leaves a hidden page alone when no shown page leads to it', () => {
    const menu = [entry('/dashboard/analysis'), entry('/dashboard/announcement', { hidden: true }), entry('/a', { hidden: true }), entry('/a/b', { hidden: true })];
    expect(parentsOf(menu, '/dashboard/announcement')).toEqual([]);
    expect(parentsOf(menu, '/a/b')).toEqual([]);
  });
});
