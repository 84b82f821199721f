import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataRuleRecord } from '@portal/shared/system-data-rules';
import type { CategoryNode, DictItemRecord, DictRecord } from '@portal/shared/system-dicts';
import type { MenuTreeNode } from '@portal/shared/system-menus';
import type { PositionRecord } from '@portal/shared/system-org';
import type { RoleRecord } from '@portal/shared/system-roles';
import type { PackageRecord, TenantRecord } from '@portal/shared/system-tenants';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { renderUi, stubFetch, TestProviders, type FetchCall } from '../../../test/render-ui.tsx';
import { CategoryFormDialog } from './category-form-dialog.tsx';
import { DataRuleDrawer } from './data-rule-drawer.tsx';
import { DictFormDialog } from './dict-form-dialog.tsx';
import { DictItemFormDialog } from './dict-item-form-dialog.tsx';
import { MenuFormDrawer } from './menu-form-drawer.tsx';
import { PackageFormDrawer } from './package-form-drawer.tsx';
import { PositionFormDialog } from './position-form-dialog.tsx';
import { RoleFormDrawer } from './role-form-drawer.tsx';
import { TenantFormDrawer } from './tenant-form-drawer.tsx';

/*
 * Each edit form of system administration opened on a record as the server answers it and saved without a
 * change: what it sends is the record, field by field. A form that "tidies" a value on the way (a default, a
 * select that has not loaded its options, a day shifted to the browser's time zone) changes what nobody touched.
 */

const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');
const texts = (zhTW: string, zhCN: string, enUS: string) => ({ 'zh-TW': zhTW, 'zh-CN': zhCN, 'en-US': enUS });
const clickById = (id: string) => userEvent.click(document.getElementById(id) as HTMLElement);

/** Every remote check passes; a write answers its body (what the callers read of it). */
function server(answers: Record<string, unknown> = {}) {
  return (call: FetchCall): unknown => {
    const path = call.url.pathname;
    for (const [end, answer] of Object.entries(answers)) if (path.endsWith(end)) return answer;
    if (path.endsWith('/sys/duplicate/check') || path.endsWith('/sys/position/checkCode')) return null;
    if (path.endsWith('/sys/role/checkRoleCode')) return true;
    if (call.method !== 'GET') return call.body;
    return new Response(null, { status: 404 });
  };
}

/** The one write, once it is sent. */
async function sent(calls: FetchCall[]): Promise<FetchCall> {
  await waitFor(() => expect(writes(calls)).toHaveLength(1));
  return writes(calls)[0] as FetchCall;
}

describe('system administration: an edit saved unchanged sends the record as it is', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await inEnglish('system-dicts');
    await inEnglish('system-org');
    await inEnglish('system-roles');
    await inEnglish('system-tenants');
    await inEnglish('system-menus');
    await inEnglish('system-data-rules');
  });
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('a dictionary: its code, names (an empty one left to fall back) and description', async () => {
    signIn(['system:dict:edit']);
    const calls = stubFetch(server());
    const dict: DictRecord = { id: 5, dictCode: 'contact_kind', dictName: texts('聯絡人類型', '联系人类型', ''), description: 'Who the contact is', builtIn: false, itemCount: 3, createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-02T00:00:00.000Z' };
    renderUi(<DictFormDialog open dict={dict} onClose={vi.fn()} />);
    await screen.findByTestId('dict-code');
    await clickById('dict-save');
    const call = await sent(calls);
    expect(call.url.pathname).toMatch(/\/sys\/dict\/edit$/);
    expect(call.body).toEqual({ id: 5, dictCode: dict.dictCode, dictName: dict.dictName, description: dict.description });
  });

  it('a dictionary item: value, texts, colour, order and a disabled status', async () => {
    signIn(['system:dict:edit']);
    const calls = stubFetch(server());
    const item: DictItemRecord = { id: 31, dictId: 5, itemValue: 'agent', itemText: texts('代理', '代理', 'Agent'), color: '#1677ff', sortOrder: 30, status: 0 };
    renderUi(<DictItemFormDialog open dictId={5} builtIn={false} item={item} nextSort={40} onClose={vi.fn()} />);
    await screen.findByTestId('dict-item-value');
    await clickById('dict-item-save');
    const call = await sent(calls);
    expect(call.url.pathname).toMatch(/\/sys\/dictItem\/edit$/);
    expect(call.body).toEqual({ id: 31, itemValue: item.itemValue, itemText: item.itemText, color: item.color, sortOrder: item.sortOrder, status: item.status });
  });

  it('a dictionary item without a colour keeps none', async () => {
    signIn(['system:dict:edit']);
    const calls = stubFetch(server());
    const item: DictItemRecord = { id: 32, dictId: 5, itemValue: 'owner', itemText: texts('本人', '本人', ''), color: null, sortOrder: 0, status: 1 };
    renderUi(<DictItemFormDialog open dictId={5} builtIn item={item} nextSort={40} onClose={vi.fn()} />);
    await screen.findByTestId('dict-item-value');
    await clickById('dict-item-save');
    expect((await sent(calls)).body).toEqual({ id: 32, itemValue: 'owner', itemText: item.itemText, color: null, sortOrder: 0, status: 1 });
  });

  it('a category: code, names and order', async () => {
    signIn(['system:category:edit']);
    const calls = stubFetch(server({ '/sys/category/edit': { id: 12, parentId: 3, code: 'A01.02', title: 'Kitchen', name: texts('廚具', '厨具', 'Kitchen'), sortOrder: 20, leaf: true } satisfies CategoryNode }));
    const category: CategoryNode = { id: 12, parentId: 3, code: 'A01.02', title: 'Kitchen', name: texts('廚具', '厨具', 'Kitchen'), sortOrder: 20, leaf: true };
    renderUi(<CategoryFormDialog open parent={null} category={category} onClose={vi.fn()} onSaved={vi.fn()} />);
    await screen.findByTestId('category-code');
    await clickById('category-save');
    const call = await sent(calls);
    expect(call.url.pathname).toMatch(/\/sys\/category\/edit$/);
    expect(call.body).toEqual({ id: 12, code: category.code, name: category.name, sortOrder: category.sortOrder });
  });

  it('a position: code, name and rank', async () => {
    signIn(['system:position:edit']);
    const calls = stubFetch(server());
    const position: PositionRecord = { id: 8, code: 'ops-lead', name: 'Operations lead', rank: 3, createdAt: '2026-10-01T00:00:00.000Z' };
    renderUi(<PositionFormDialog open position={position} onClose={vi.fn()} />);
    await screen.findByTestId('position-code');
    await clickById('position-save');
    const call = await sent(calls);
    expect(call.url.pathname).toMatch(/\/sys\/position\/edit$/);
    expect(call.body).toEqual({ id: 8, code: position.code, name: position.name, rank: position.rank });
  });

  it('a role: code, name and description', async () => {
    signIn(['system:role:edit']);
    const calls = stubFetch(server());
    const role: RoleRecord = { id: 21, roleCode: 'warehouse_clerk', roleName: 'Warehouse clerk', description: 'Receives and ships parcels', createdAt: '2026-10-01T00:00:00.000Z' };
    renderUi(<RoleFormDrawer open role={role} onClose={vi.fn()} />);
    await screen.findByTestId('role-form-code');
    await userEvent.click(screen.getByTestId('role-form-save'));
    const call = await sent(calls);
    expect(call.url.pathname).toMatch(/\/sys\/role\/edit$/);
    expect(call.body).toEqual({ id: 21, roleCode: role.roleCode, roleName: role.roleName, description: role.description });
  });

  it('a tenant package: name, description and a disabled status', async () => {
    signIn(['system:tenant-package:edit']);
    const calls = stubFetch(server());
    const pkg: PackageRecord = { id: 4, name: 'Trial', description: 'Orders only', status: 0, isDefault: false, tenantCount: 2, permissionCount: 12, createdAt: '2026-10-01T00:00:00.000Z', updatedAt: '2026-10-02T00:00:00.000Z' };
    renderUi(<PackageFormDrawer open pkg={pkg} onClose={vi.fn()} />);
    await screen.findByTestId('package-form-name');
    await userEvent.click(screen.getByTestId('package-form-save'));
    const call = await sent(calls);
    expect(call.url.pathname).toMatch(/\/sys\/tenantPackage\/edit$/);
    expect(call.body).toEqual({ id: 4, name: pkg.name, description: pkg.description, status: 0 });
  });

  it('a tenant: its validity set in another time zone keeps its instants, and the rest as it is', async () => {
    signIn(['system:tenant:edit']);
    const calls = stubFetch(server({ '/sys/tenant/packageOptions': [{ id: 7, name: 'Standard', status: 1, isDefault: true }, { id: 8, name: 'Old', status: 0, isDefault: false }] }));
    // the period as an administrator in Asia/Shanghai set it (from the start of one day to the end of another,
    // there): a browser elsewhere shows other days, and must not move the instants to its own midnights
    const tenant: TenantRecord = {
      id: 1001,
      name: 'Kowloon Parcels',
      status: 1,
      packageId: 8,
      packageName: 'Old',
      validFrom: '2025-12-31T16:00:00.000Z',
      validUntil: '2026-12-31T15:59:59.999Z',
      contactName: 'Wong',
      contactPhone: '0912000123',
      contactEmail: 'wong@example.com',
      mainUsername: 'kowloon_main',
      mainRealname: 'Wong',
      userCount: 3,
      createdAt: '2025-12-01T00:00:00.000Z',
    };
    renderUi(<TenantFormDrawer open tenant={tenant} onClose={vi.fn()} />);
    await waitFor(() => expect(calls.some((call) => call.url.pathname.endsWith('/sys/tenant/packageOptions'))).toBe(true));
    await screen.findByTitle('Old');
    await userEvent.click(screen.getByTestId('tenant-form-save'));
    const call = await sent(calls);
    expect(call.url.pathname).toMatch(/\/sys\/tenant\/edit$/);
    expect(call.body).toEqual({
      id: 1001,
      name: tenant.name,
      packageId: 8,
      validFrom: tenant.validFrom,
      validUntil: tenant.validUntil,
      contactName: tenant.contactName,
      contactPhone: tenant.contactPhone,
      contactEmail: tenant.contactEmail,
    });
  });

  it('a tenant: what the user typed before the packages came is what is sent', async () => {
    signIn(['system:tenant:edit']);
    const packages: { answer: (options: unknown) => void } = { answer: () => undefined };
    const calls = stubFetch((call) =>
      call.url.pathname.endsWith('/sys/tenant/packageOptions') ? new Promise((resolve) => (packages.answer = resolve)) : server()(call),
    );
    const tenant: TenantRecord = { id: 1002, name: 'Old name', status: 1, packageId: 7, packageName: 'Standard', validFrom: null, validUntil: null, contactName: '', contactPhone: '', contactEmail: '', mainUsername: 'old_main', mainRealname: 'Old', userCount: 1, createdAt: '2025-12-01T00:00:00.000Z' };
    renderUi(<TenantFormDrawer open tenant={tenant} onClose={vi.fn()} />);
    await waitFor(() => expect((screen.getByTestId('tenant-form-name') as HTMLInputElement).value).toBe('Old name'));
    await userEvent.clear(screen.getByTestId('tenant-form-name'));
    await userEvent.type(screen.getByTestId('tenant-form-name'), 'New name');
    packages.answer([{ id: 7, name: 'Standard', status: 1, isDefault: true }]);
    await screen.findByTitle('Standard (Default)');
    await userEvent.click(screen.getByTestId('tenant-form-save'));
    expect((await sent(calls)).body).toMatchObject({ id: 1002, name: 'New name', packageId: 7 });
  });

  it('a sub menu and a button of the catalogue: every field the drawer shows', async () => {
    signIn(['system:permission:edit']);
    const calls = stubFetch(server());
    const base = { builtIn: false, edited: true, leaf: false, name: 'Claims', titles: texts('理賠', '理赔', 'Claims') };
    const top: MenuTreeNode = {
      ...base,
      id: 100,
      parentId: null,
      menuType: 0,
      path: '/claims',
      component: 'layouts/RouteView',
      componentName: 'claims',
      redirect: '/claims/list',
      hidden: false,
      alwaysShow: true,
      route: true,
      icon: 'AppstoreOutlined',
      keepAlive: false,
      internalOrExternal: false,
      url: null,
      sortNo: 90,
      perms: 'menu:claims',
      permsType: '1',
      status: '1',
      platformOnly: false,
      merchantOnly: true,
    };
    const sub: MenuTreeNode = {
      ...base,
      id: 101,
      parentId: 100,
      menuType: 1,
      name: 'Claim guide',
      titles: texts('理賠指南', '理赔指南', 'Claim guide'),
      path: '/claims/guide',
      component: '',
      componentName: 'claim-guide',
      redirect: null,
      hidden: true,
      alwaysShow: false,
      route: false,
      icon: null,
      keepAlive: true,
      internalOrExternal: true,
      url: 'https://help.example.com/claims',
      sortNo: 20,
      perms: 'menu:claim-guide',
      // a menu's form does not show the button kind (it was a button once): kept, not put back to the default
      permsType: '2',
      status: '0',
      platformOnly: false,
      merchantOnly: true,
      leaf: true,
    };
    const button: MenuTreeNode = {
      ...base,
      id: 102,
      parentId: 100,
      menuType: 2,
      name: 'Approve a claim',
      titles: texts('核准理賠', '核准理赔', 'Approve a claim'),
      path: '',
      component: '',
      componentName: '',
      redirect: null,
      hidden: false,
      alwaysShow: false,
      route: true,
      icon: null,
      keepAlive: false,
      internalOrExternal: false,
      url: null,
      sortNo: 30,
      perms: 'claims:claim:approve,claims:claim:list',
      permsType: '2',
      status: '1',
      platformOnly: false,
      merchantOnly: true,
      leaf: true,
    };
    const tree = [{ ...top, children: [sub, button] }];
    const drawn = renderUi(<MenuFormDrawer target={{ entry: sub }} tree={tree} onClose={vi.fn()} />);
    await waitFor(() => expect((screen.getByTestId('menu-form-path') as HTMLInputElement).value).toBe('/claims/guide'));
    await userEvent.click(screen.getByTestId('menu-form-save'));
    const call = await sent(calls);
    expect(call.url.pathname).toMatch(/\/sys\/permission\/edit$/);
    const shown = ({ id, parentId, menuType, titles, path, component, componentName, redirect, hidden, alwaysShow, route, icon, keepAlive, internalOrExternal, url, sortNo, perms, permsType, status, platformOnly, merchantOnly }: MenuTreeNode) =>
      ({ id, parentId, menuType, titles, path, component, componentName, redirect, hidden, alwaysShow, route, icon, keepAlive, internalOrExternal, url, sortNo, perms, permsType, status, platformOnly, merchantOnly });
    expect(call.body).toEqual(shown(sub));

    // a button shows its parent, titles, codes, order, kind, status and sides; what it does not show stays as it was
    drawn.rerender(
      <TestProviders client={drawn.client}>
        <MenuFormDrawer target={{ entry: button }} tree={tree} onClose={vi.fn()} />
      </TestProviders>,
    );
    await waitFor(() => expect((screen.getByTestId('menu-form-perms') as HTMLInputElement).value).toBe(button.perms));
    await userEvent.click(screen.getByTestId('menu-form-save'));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]?.body).toEqual(shown(button));
  });

  it('a data rule: name, field, operator, a variable and a switched-off status', async () => {
    signIn(['system:role:auth']);
    const rule: DataRuleRecord = { id: 9, permissionId: 42, ruleName: 'My departments', field: 'creatorDepartment', operator: 'in', valueKind: 'variable', value: 'myOrgCodes', status: 0, createdAt: '2026-10-01T00:00:00.000Z' };
    const calls = stubFetch(server({ '/sys/permission/getPermRuleListByPermId': [rule] }));
    renderUi(<DataRuleDrawer open permissionId={42} resource="orders" title="International orders" onClose={vi.fn()} />);
    await userEvent.click(await screen.findByTestId('data-rule-edit-9'));
    await screen.findByTestId('data-rule-variable');
    await userEvent.click(screen.getByTestId('data-rule-save'));
    const call = await sent(calls);
    expect(call.url.pathname).toMatch(/\/sys\/permission\/editPermissionRule$/);
    expect(call.body).toEqual({ id: 9, permissionId: 42, ruleName: rule.ruleName, field: rule.field, operator: rule.operator, valueKind: rule.valueKind, value: rule.value, status: 0 });
  });
});
