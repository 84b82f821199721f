import { describe, expect, it } from 'vitest';
import { menuTitles } from '@portal/shared/menu-titles';
import { DICT_CODES } from '@portal/shared/dict-codes';
import { LANGUAGES } from '@portal/shared/languages';
import { ORDER_STATUSES } from '@portal/shared/order-status';
import { menuTree } from '../../src/db/seed/menu-tree.ts';
import { dictionarySeeds } from '../../src/db/seed/dictionaries.ts';
import { ROLE_GRANTS } from '../../src/modules/auth/access/built-in-roles.ts';
import type { MenuSeed } from '../../src/db/seed/types.ts';

const flatten = (menus: MenuSeed[]): MenuSeed[] => menus.flatMap((m) => [m, ...flatten(m.children ?? [])]);
const all = flatten(menuTree);

describe('menu catalogue', () => {
  it('names every menu area of the spec', () => {
    const english = all.map((m) => menuTitles[m.key]?.['en-US'].toLowerCase() ?? '');
    for (const area of ['product search', 'package', 'international logistics order', 'pre-purchase', 'purchase order', '1688', 'token', 'push', 'taobao global', 'exchange rate', 'finance details', 'alipay', 'wallet', 'recharge', 'payment', 'refund', 'api statistics', 'visit statistics', 'user', 'role', 'menu', 'department', 'position', 'my department', 'address book', 'dictionary', 'categor', 'announcement', 'tenant', 'tenant menu', 'online']) {
      expect(english.some((title) => title.includes(area)), area).toBe(true);
    }
  });

  it('has unique paths, route names and permission codes, and a title for every key', () => {
    const codes = all.flatMap((m) => [m.perms, ...(m.buttons ?? []).map((b) => b.code)]);
    expect(new Set(all.map((m) => m.path)).size).toBe(all.length);
    expect(new Set(all.map((m) => m.name)).size).toBe(all.length);
    expect(new Set(codes).size).toBe(codes.length);
    for (const key of [...all.map((m) => m.key), ...all.flatMap((m) => (m.buttons ?? []).map((b) => b.key))]) expect(menuTitles[key], key).toBeDefined();
  });

  it('keeps the menu management entry where the super-user rule looks for it', () => {
    expect(all.some((m) => m.path === '/system/permission')).toBe(true);
  });

  it('never gives a merchant role a platform screen', () => {
    for (const role of ['merchant_admin', 'merchant_staff'] as const) expect(ROLE_GRANTS[role]({ perms: 'warehouse:receive:scan', platformOnly: true, merchantOnly: false })).toBe(false);
    expect(ROLE_GRANTS.merchant_staff({ perms: 'logistics:order:cancel', platformOnly: false, merchantOnly: true })).toBe(false);
    expect(ROLE_GRANTS.merchant_staff({ perms: 'logistics:order:add', platformOnly: false, merchantOnly: true })).toBe(true);
  });
});

describe('dictionaries', () => {
  it('are exactly the codes the client knows, each item in three languages', () => {
    expect(dictionarySeeds.map((d) => d.code).sort()).toEqual([...DICT_CODES].sort());
    for (const dict of dictionarySeeds) {
      expect(new Set(dict.items.map((i) => i.value)).size, dict.code).toBe(dict.items.length);
      for (const item of dict.items) for (const lang of LANGUAGES) expect(item.text[lang].trim(), `${dict.code}.${item.value}`).not.toBe('');
    }
  });

  it('lists the order statuses in the spec order', () => {
    expect(dictionarySeeds.find((d) => d.code === 'OrderStatus')?.items.map((i) => i.value)).toEqual([...ORDER_STATUSES]);
    expect(dictionarySeeds.find((d) => d.code === 'ServiceType')?.items.map((i) => i.value)).toEqual(['BASE', 'FULL_LINK', 'HALF_LINK']);
  });
});
