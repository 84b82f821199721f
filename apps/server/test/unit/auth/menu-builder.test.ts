import { describe, expect, it } from 'vitest';
import { buildPermissionResult } from '../../../src/modules/auth/permission/model.ts';
import type { Catalogue } from '../../../src/modules/auth/access/service.ts';
import type { PermissionRow } from '../../../src/modules/auth/access/repository.ts';

let nextId = 1;
const row = (fields: Partial<PermissionRow> & Pick<PermissionRow, 'menuType' | 'perms'>): PermissionRow => ({
  id: nextId++,
  parentId: null,
  name: `t.${fields.perms}`,
  path: '',
  component: '',
  componentName: '',
  redirect: null,
  permsType: '1',
  sortNo: 0,
  alwaysShow: false,
  icon: null,
  isRoute: true,
  keepAlive: false,
  hidden: false,
  internalOrExternal: false,
  url: null,
  platformOnly: false,
  merchantOnly: false,
  status: '1',
  titles: null,
  builtIn: false,
  editedAt: null,
  createdAt: new Date(0),
  ...fields,
});

const system = row({ menuType: 0, perms: 'system', path: '/system' });
const users = row({ menuType: 1, perms: 'system:user', path: '/system/user', parentId: system.id });
const menus = row({ menuType: 1, perms: 'system:permission', path: '/system/permission', parentId: system.id });
const addUser = row({ menuType: 2, perms: 'system:user:add', parentId: users.id });
const freeze = row({ menuType: 2, perms: 'system:user:frozen', parentId: users.id, status: '0' });
const rows = [system, users, menus, addUser, freeze];
const catalogue: Catalogue = { rows, byId: new Map(rows.map((r) => [r.id, r])), openCodes: new Set(['system:user:frozen']), needs: new Map() };
const access = (ids: PermissionRow[]) => ({ grantedIds: new Set(ids.map((r) => r.id)), codes: new Set(ids.map((r) => r.perms)) });

describe('buildPermissionResult', () => {
  it('shows menu management to super users only', () => {
    const granted = access([system, users, menus, addUser]);
    expect(buildPermissionResult(catalogue, granted, 1).menu[0]?.children?.map((c) => c.path)).toEqual(['/system/user', '/system/permission']);
    expect(buildPermissionResult(catalogue, granted, 0).menu[0]?.children?.map((c) => c.path)).toEqual(['/system/user']);
  });

  it('hides a container whose visible children are all gone', () => {
    expect(buildPermissionResult(catalogue, access([system, menus]), 0).menu).toEqual([]);
  });

  it("puts the granted buttons in the menu's permissionList and all buttons in allAuth", () => {
    const result = buildPermissionResult(catalogue, access([system, users, addUser]), 0);
    expect(result.menu[0]?.children?.[0]?.meta.permissionList.map((p) => p.action)).toEqual(['system:user:add']);
    expect(result.auth.map((a) => a.action)).toEqual(['system:user:add']);
    expect(result.allAuth).toEqual([
      { action: 'system:user:add', describe: 't.system:user:add', type: '1', status: '1' },
      { action: 'system:user:frozen', describe: 't.system:user:frozen', type: '1', status: '0' },
    ]);
  });

  it("shows an entry that reads another screen's rows only to a holder of that screen's code", () => {
    const report = row({ menuType: 1, perms: 'online:report:orders', path: '/online/cgreport/orders', parentId: system.id });
    const withReport = [...rows, report];
    const reads: Catalogue = { ...catalogue, rows: withReport, byId: new Map(withReport.map((r) => [r.id, r])), needs: new Map([[report.id, ['system:user', 'system:other']]]) };
    const pages = (granted: PermissionRow[]) => buildPermissionResult(reads, access(granted), 0).menu[0]?.children?.map((c) => c.path) ?? [];
    expect(pages([system, report])).toEqual([]);
    expect(pages([system, users, report])).toEqual(['/system/user', '/online/cgreport/orders']);
    // a code switched off is everyone's
    expect(buildPermissionResult({ ...reads, openCodes: new Set(['system:other']) }, access([system, report]), 0).menu[0]?.children?.map((c) => c.path)).toEqual(['/online/cgreport/orders']);
    // still a page of the catalogue: opened by its address, it is refused, not unknown
    expect(buildPermissionResult(reads, access([system, report]), 0).allPages).toContain('/online/cgreport/orders');
  });
});
