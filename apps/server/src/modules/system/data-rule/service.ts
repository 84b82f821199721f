import type { SQL } from 'drizzle-orm';
import { DATA_RULE_MENUS, dataRuleProblem, dataRuleResourceOf, type DataRuleInput, type DataRuleMenu, type DataRuleRecord, type DataRuleResource, type RoleDataRules } from '@portal/shared/system-data-rules';
import type { Db } from '../../../db/client.ts';
import type { CacheBus } from '../../../lib/cache-bus.ts';
import { badRequest, forbidden, notFound } from '../../../lib/errors.ts';
import { TtlCache } from '../../../lib/ttl-cache.ts';
import type { AuthContext } from '../../../plugins/auth.ts';
import type { AccessService, Catalogue } from '../../auth/access/service.ts';
import { belongsIn } from '../../auth/access/built-in-roles.ts';
import { loadGrantor } from '../../auth/access/grantor-repository.ts';
import { compileScope, type RoleRules } from './model.ts';
import {
  chosenRuleIds,
  deleteRule,
  insertRule,
  listRules,
  loadUserRules,
  roleExists,
  rolesChoosing,
  rolesOfUser,
  rowInScope,
  ruleOf,
  replaceChosenRules,
  updateRule,
  type LoadedRule,
} from './repository.ts';
import { RESOURCE_FIELDS } from './resources.ts';

/*
 * Data rules (docs/decisions/0016-data-rules.md): the tenant's definitions on a menu, the rules each role
 * chooses, and the condition a user's rows of a menu must meet, cached per (user, tenant) like their access.
 */

declare module 'fastify' {
  interface FastifyInstance {
    dataRules: DataRuleService;
  }
}

type UserRules = Awaited<ReturnType<typeof loadUserRules>>;

/** Whose rows: a signed-in caller, or the holder of an API key (decision 0027), in a tenant. */
export type RuleSubject = Pick<AuthContext, 'userId' | 'username' | 'tenantId'> & { session: Pick<AuthContext['session'], 'orgCode'> };

/** The catalogue entry of each wired menu code, found once per catalogue (the catalogue is reloaded after a menu edit). */
const menuIds = new WeakMap<Catalogue, Map<string, number>>();
function menuIdOf(catalogue: Catalogue, code: DataRuleMenu): number | undefined {
  let ids = menuIds.get(catalogue);
  if (!ids) {
    ids = new Map();
    for (const row of catalogue.rows) {
      for (const part of row.perms.split(',')) if (Object.hasOwn(DATA_RULE_MENUS, part.trim())) ids.set(part.trim(), row.id);
    }
    menuIds.set(catalogue, ids);
  }
  return ids.get(code);
}

/** Whether `id` is the menu or an entry under it (a role granting a button of the menu grants the menu: grants bring their ancestors). */
function within(catalogue: Catalogue, id: number, menuId: number): boolean {
  for (let row = catalogue.byId.get(id), steps = 0; row && steps < 20; row = row.parentId == null ? undefined : catalogue.byId.get(row.parentId), steps++) {
    if (row.id === menuId) return true;
  }
  return false;
}

export class DataRuleService {
  private readonly cache = new TtlCache<string, UserRules>(60_000);

  constructor(
    private readonly db: Db,
    bus: CacheBus,
    private readonly access: AccessService,
    private readonly warn: (message: string, detail: Record<string, unknown>) => void,
  ) {
    // the same events as the access cache: a user's roles or departments, any grant, rule or menu
    bus.subscribe((event) => {
      if (event.kind === 'user') this.cache.deleteWhere((key) => key.startsWith(`${event.userId}:`));
      if (event.kind === 'permissions') this.cache.clear();
    });
  }

  private async rulesOf(userId: number, tenantId: number): Promise<UserRules> {
    const key = `${userId}:${tenantId}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const loaded = await loadUserRules(this.db, userId, tenantId);
    this.cache.set(key, loaded);
    return loaded;
  }

  /**
   * The condition the caller's rows of a menu must meet, or undefined when nothing narrows them (then the
   * caller's query is exactly what it was without rules). A role of the caller that grants the menu with no
   * rule in force on it opens every row; otherwise a row must satisfy every rule of at least one such role.
   */
  async scope(auth: RuleSubject, menu: DataRuleMenu): Promise<SQL | undefined> {
    const catalogue = await this.access.getCatalogue();
    const menuId = menuIdOf(catalogue, menu);
    if (menuId === undefined) return undefined;
    const loaded = await this.rulesOf(auth.userId, auth.tenantId);
    if (loaded.rules.length === 0) return undefined;
    const granting = new Set<number>();
    for (const grant of loaded.grants) if (!granting.has(grant.roleId) && within(catalogue, grant.permissionId, menuId)) granting.add(grant.roleId);
    // reached some other way (a department's permissions, a switched-off code): no role's rule binds it
    if (granting.size === 0) return undefined;
    const byRole = new Map<number, LoadedRule[]>();
    for (const rule of loaded.rules) if (rule.permissionId === menuId && granting.has(rule.roleId)) byRole.set(rule.roleId, [...(byRole.get(rule.roleId) ?? []), rule]);
    if ([...granting].some((roleId) => !byRole.has(roleId))) return undefined;
    const resource = DATA_RULE_MENUS[menu];
    const roles: RoleRules[] = [...byRole].map(([roleId, rules]) => ({ roleId, rules }));
    const vars = { userId: auth.userId, username: auth.username, orgCode: auth.session.orgCode, orgCodes: loaded.orgCodes, tenantId: auth.tenantId };
    return compileScope(resource, RESOURCE_FIELDS[resource], roles, vars, (ruleId) =>
      this.warn('data rule cannot be compiled: its role admits no row of the menu', { ruleId, tenantId: auth.tenantId, menu }),
    );
  }

  /**
   * Whether the subject sees, through a menu, the row named by its number (a message about it is theirs to
   * receive, decision 0029): the list's own condition and the row's number, in one query; none when nothing
   * narrows the menu. A row the rules narrow away, or no longer there, is not seen.
   */
  async admits(subject: RuleSubject, menu: DataRuleMenu, number: string | null): Promise<boolean> {
    const scope = await this.scope(subject, menu);
    if (!scope) return true;
    if (number === null) return false;
    return rowInScope(this.db, DATA_RULE_MENUS[menu], subject.tenantId, number, scope);
  }

  publish = () => this.access.publish({ kind: 'permissions' });

  // ------------------------------------------------------------------ the definitions

  /** The menu of a rule: an entry of the catalogue that takes effect in the tenant (404 otherwise) and has a wired resource (400 otherwise). */
  async menuResource(tenantId: number, permissionId: number): Promise<DataRuleResource> {
    const row = (await this.access.getCatalogue()).byId.get(permissionId);
    if (!row || !belongsIn(row, tenantId)) throw notFound();
    const resource = dataRuleResourceOf(row.perms);
    if (!resource) throw badRequest('dataRuleMenuNotWired');
    return resource;
  }

  rules(tenantId: number, filter: { permissionId?: number; ruleName?: string; field?: string }): Promise<DataRuleRecord[]> {
    return listRules(this.db, tenantId, filter);
  }

  async menuRules(tenantId: number, permissionId: number): Promise<DataRuleRecord[]> {
    await this.menuResource(tenantId, permissionId);
    return listRules(this.db, tenantId, { permissionId });
  }

  async addRule(auth: AuthContext, input: DataRuleInput): Promise<DataRuleRecord> {
    await this.checked(auth, input);
    const id = await insertRule(this.db, auth.tenantId, input);
    await this.publish();
    return must(await ruleOf(this.db, auth.tenantId, id));
  }

  async editRule(auth: AuthContext, input: DataRuleInput & { id: number }): Promise<DataRuleRecord> {
    const { id, ...values } = input;
    const before = await this.ownRule(auth, id);
    // a rule moves to another menu only as a new rule: the roles chose it for this one
    if (before.permissionId !== values.permissionId) throw badRequest('dataRuleNotOfMenu');
    await this.checked(auth, values);
    await updateRule(this.db, auth.tenantId, id, values);
    await this.publish();
    return must(await ruleOf(this.db, auth.tenantId, id));
  }

  async removeRule(auth: AuthContext, id: number): Promise<void> {
    const rule = await this.ownRule(auth, id);
    await this.refuseMenuNotHeld(auth, rule.permissionId);
    await deleteRule(this.db, auth.tenantId, id);
    await this.publish();
  }

  /** The tenant's rule, which no role of the caller's chose (else they could loosen their own rows), unless the caller is a top administrator. */
  private async ownRule(auth: AuthContext, id: number): Promise<DataRuleRecord> {
    const rule = Number.isSafeInteger(id) ? await ruleOf(this.db, auth.tenantId, id) : null;
    if (!rule) throw notFound();
    await this.refuseOwnRoles(auth, await rolesChoosing(this.db, auth.tenantId, id));
    return rule;
  }

  private async checked(auth: AuthContext, input: DataRuleInput): Promise<void> {
    const resource = await this.menuResource(auth.tenantId, input.permissionId);
    await this.refuseMenuNotHeld(auth, input.permissionId);
    const problem = dataRuleProblem(resource, input);
    if (problem) throw badRequest(problem.key, problem.params);
  }

  private async refuseMenuNotHeld(auth: AuthContext, permissionId: number): Promise<void> {
    if (!auth.access.grantedIds.has(permissionId)) throw forbidden('dataRuleMenuNotHeld');
  }

  private async refuseOwnRoles(auth: AuthContext, roleIds: number[]): Promise<void> {
    if (roleIds.length === 0) return;
    const mine = await rolesOfUser(this.db, auth.tenantId, auth.userId);
    if (!roleIds.some((roleId) => mine.has(roleId))) return;
    if ((await loadGrantor(this.db, auth)).top) return;
    throw forbidden('dataRuleOwnRole');
  }

  // ------------------------------------------------------------------ a role's choice

  async roleRules(auth: AuthContext, permissionId: number, roleId: number): Promise<RoleDataRules> {
    await this.menuResource(auth.tenantId, permissionId);
    if (!(await roleExists(this.db, auth.tenantId, roleId))) throw notFound();
    const [rules, chosenIds] = await Promise.all([listRules(this.db, auth.tenantId, { permissionId }), chosenRuleIds(this.db, auth.tenantId, roleId, permissionId)]);
    return { rules, chosenIds };
  }

  /**
   * The rules a role applies on a menu. The grantor holds the menu, and the role is not one of theirs (a top
   * administrator excepted): nobody loosens, or tightens, the rows they see themselves.
   */
  async chooseRules(auth: AuthContext, input: { permissionId: number; roleId: number; dataRuleIds: number[] }): Promise<void> {
    await this.menuResource(auth.tenantId, input.permissionId);
    if (!(await roleExists(this.db, auth.tenantId, input.roleId))) throw notFound();
    await this.refuseMenuNotHeld(auth, input.permissionId);
    await this.refuseOwnRoles(auth, [input.roleId]);
    const ids = [...new Set(input.dataRuleIds)];
    const ofMenu = new Set((await listRules(this.db, auth.tenantId, { permissionId: input.permissionId })).map((rule) => rule.id));
    if (ids.some((id) => !ofMenu.has(id))) throw badRequest('dataRuleNotOfMenu');
    await this.db.transaction((tx) => replaceChosenRules(tx, auth.tenantId, input.roleId, input.permissionId, ids));
    await this.publish();
  }
}

function must<T>(value: T | null): T {
  if (value === null) throw notFound();
  return value;
}
