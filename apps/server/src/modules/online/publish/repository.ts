import { eq, inArray } from 'drizzle-orm';
import type { Texts } from '@portal/shared/languages';
import type { OnlineKind } from '@portal/shared/online';
import type { Db } from '../../../db/client.ts';
import { onlineForms, onlineReports } from '../../../db/schema/online.ts';
import { tenantPackages } from '../../../db/schema/sys.ts';

/* What publishing reads and writes besides the menu catalogue: the definition and the grants. */

export type Published = { id: number; code: string; titles: Texts; menuId: number | null };

export async function findDefinition(db: Db, kind: OnlineKind, id: number): Promise<Published | undefined> {
  const table = kind === 'form' ? onlineForms : onlineReports;
  const rows = await db.select({ id: table.id, code: table.code, titles: table.titles, menuId: table.menuId }).from(table).where(eq(table.id, id)).limit(1);
  return rows[0];
}

export async function setMenuId(db: Db, kind: OnlineKind, id: number, menuId: number): Promise<void> {
  if (kind === 'form') await db.update(onlineForms).set({ menuId }).where(eq(onlineForms.id, id));
  else await db.update(onlineReports).set({ menuId }).where(eq(onlineReports.id, id));
}

export async function existingPackages(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  return new Set((await db.select({ id: tenantPackages.id }).from(tenantPackages).where(inArray(tenantPackages.id, [...ids]))).map((row) => Number(row.id)));
}

