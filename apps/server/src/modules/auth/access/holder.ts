import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { HolderState } from '@portal/shared/open-api';
import type { PermissionCode } from '@portal/shared/permissions';
import type { DataRuleMenu } from '@portal/shared/system-data-rules';
import { userTenants } from '../../../db/schema/sys.ts';
import type { AccessService } from './service.ts';

/*
 * What a user hands out keeps their rights (decision 0013): an API key or a push endpoint acts with the
 * rights of its holder, who made it or last changed what it may do (decisions 0027, 0029). These are the
 * questions asked of a holder: whether they can still carry it, which of its grants they hold, and whether
 * their data rules show them a row (decision 0016).
 */


/** The state of `holder` (an alias of sys_user, left-joined) for a row of the tenant in `tenantId`. */
export function holderStateOf(holder: { id: AnyPgColumn; delFlag: AnyPgColumn; status: AnyPgColumn }, tenantId: AnyPgColumn): SQL<HolderState> {
  return sql<HolderState>`case
    when ${holder.id} is null or ${holder.delFlag} <> 0 then 'DELETED'
    when ${holder.status} <> 1 then 'FROZEN'
    when not exists (select 1 from ${userTenants} where ${userTenants.userId} = ${holder.id} and ${userTenants.tenantId} = ${tenantId}) then 'LEFT'
    else 'ACTIVE' end`;
}

/** The entries of a table (a scope, an event type → the permissions it stands for) whose every permission the user holds in the tenant now. */
export type HeldRights = <K extends string>(table: Readonly<Record<K, readonly PermissionCode[]>>, holder: { userId: number; orgCode: string | null }, tenantId: number) => Promise<Set<K>>;

/** Read from the user's cached access (roles, departments, package), dropped with it by the cache bus. */
export function heldRights(access: AccessService): HeldRights {
  return async (table, holder, tenantId) => {
    const granted = await access.userAccess(holder, tenantId);
    const held = new Set<keyof typeof table>();
    for (const entry of Object.keys(table) as (keyof typeof table)[]) {
      const answers = await Promise.all(table[entry].map((code) => access.can(granted, code)));
      if (answers.every(Boolean)) held.add(entry);
    }
    return held;
  };
}

/** Whether the holder sees, through a menu, the row its number names, under their data rules now (no rule: every row). */
export type HeldRows = (menu: DataRuleMenu, holder: { userId: number; username: string; orgCode: string | null }, tenantId: number, number: string | null) => Promise<boolean>;

/** What the data rules' service (system administration, above this) answers: whether a subject's rules admit a row. */
type RowAdmission = {
  admits(subject: { userId: number; username: string; tenantId: number; session: { orgCode: string | null } }, menu: DataRuleMenu, number: string | null): Promise<boolean>;
};

/** Asked of the data rules' service (cached per user like their access): one query at most, none when nothing narrows the menu. */
export function heldRows(rules: RowAdmission): HeldRows {
  return (menu, holder, tenantId, number) => rules.admits({ userId: holder.userId, username: holder.username, tenantId, session: { orgCode: holder.orgCode } }, menu, number);
}
