import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_CODES } from '@portal/shared/permissions';
import { menuTree } from '../../../src/db/seed/menu-tree.ts';
import type { MenuSeed } from '../../../src/db/seed/types.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { routeRecorder } from '../safety/route-table.ts';



/** Buttons of built screens that no call checks, and why. A new entry needs a reason a reviewer accepts. */
const CHECKED_BY_NO_CALL: Record<string, string> = {
  'logistics:order:label': 'prints the label in the browser from the order it shows',
  'logistics:log-order:label': 'prints the label in the browser from the order it shows',
  'logistics:order:tracking': 'opens the public tracking page',
  'logistics:log-order:tracking': 'opens the public tracking page',
  'finance:detail:detail': 'opens a row of the list already loaded',
  'wallet:refund:detail': 'opens a row of the list already loaded',
  'finance:alipay-statement:edit': 'no call yet: a statement is generated, never edited',
  'finance:exchange-rate:edit': 'no call yet: a rate is withdrawn and scheduled anew, not edited',
  'logistics:package:import': 'no call yet: parcels are forecast one by one',
  'warehouse:rate-card:export': 'no call yet',
  'warehouse:rate-card:import': 'no call yet',
  'warehouse:receive:exception': 'opens the exception page, whose calls check their own codes',
  'warehouse:receive:export': 'no call yet',
  'warehouse:ship-out:batch': 'ship-out takes several numbers in one call, checked as warehouse:ship-out:scan',
  'warehouse:ship-out:export': 'no call yet',
  'warehouse:tracking:export': 'no call yet',
  'warehouse:tracking:import': 'no call yet',
  'system:dict:import': 'no call yet: dictionaries are few and edited one by one',
  'system:dict:export': 'no call yet: dictionaries are few and edited one by one',
  'system:category:import': 'no call yet: categories are edited one by one',
  'system:category:export': 'no call yet: categories are edited one by one',
  'system:permission:rule': 'opens the data rules of the menu, whose calls check system:role:auth (a tenant\'s own rules, decision 0016)',
  'purchase:taobao-pre-order:add': "the basket's Add goods opens the product search, whose add-to-basket call checks product:search:pre-order",
  'purchase:1688-pre-order:add': "the basket's Add goods opens the product search, whose add-to-basket call checks product:search:pre-order",
};

function seedCodes() {
  const menus: string[] = [];
  const buttons: string[] = [];
  const walk = (items: MenuSeed[]) => {
    for (const item of items) {
      if (item.perms) menus.push(item.perms);
      for (const button of item.buttons ?? []) buttons.push(button.code);
      if (item.children) walk(item.children);
    }
  };
  walk(menuTree);
  return { menus, buttons };
}

describe('permission codes: the menu seed, the routes and the shared list agree', () => {
  let t: TestApp;
  let routeCodes: Map<string, string[]>;
  beforeAll(async () => {
    const recorder = routeRecorder();
    t = await createTestApp({ onRoute: recorder.onRoute });
    routeCodes = new Map();
    for (const route of recorder.apiRoutes()) {
      const access = route.access;
      if (access.permission === 'public') continue;
      // a call open to every signed-in user may still check a code for part of what it does (refleshCache)
      const own = access.permission === 'authenticated' ? [] : [access.permission];
      for (const code of [...own, ...('also' in access ? (access.also ?? []) : [])]) {
        routeCodes.set(code, [...(routeCodes.get(code) ?? []), `${route.method} ${route.url}`]);
      }
    }
  });
  afterAll(() => t.close());

  it('the shared list holds exactly the codes the menu seed grants, each once', () => {
    const { menus, buttons } = seedCodes();
    const granted = [...menus, ...buttons];
    expect(new Set(granted).size).toBe(granted.length);
    expect([...granted].sort()).toEqual([...PERMISSION_CODES].sort());
  });

  it('every code a route declares is granted by a menu', () => {
    const granted = new Set<string>(PERMISSION_CODES);
    const unknown = [...routeCodes.entries()].filter(([code]) => !granted.has(code)).map(([code, routes]) => `${code} (${routes.join(', ')})`);
    expect(unknown).toEqual([]);
    expect(routeCodes.size).toBeGreaterThan(50);
  });

  it('every button code is checked by a route, but for the areas to come and the listed client-side buttons', () => {
    const { buttons } = seedCodes();
    const unchecked = buttons.filter((code) => !routeCodes.has(code) && !(code in CHECKED_BY_NO_CALL));
    expect(unchecked).toEqual([]);
    // the list stays true: a button that gets its call leaves it
    const nowChecked = Object.keys(CHECKED_BY_NO_CALL).filter((code) => routeCodes.has(code));
    expect(nowChecked).toEqual([]);
  });
});
