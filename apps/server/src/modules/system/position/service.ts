import type { PositionEditInput, PositionInput, PositionRecord } from '@portal/shared/system-org';
import type { Language } from '@portal/shared/languages';
import { orgExportTexts } from '@portal/shared/messages-org';
import type { Db } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { violatedConstraint } from '../../../lib/db-errors.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';
import { assertExportSize, timeFormatter, type ExportColumn } from '../../../lib/xlsx.ts';
import { EXPORT_ROWS_MAX } from '@portal/shared/logistics';
import { codeTaken, countOwnPositions, findPosition, deletePositions, insertPosition, positionsForExport, updatePosition, type PositionFilters } from './repository.ts';

/*
 * Positions of a tenant: a code unique in the tenant (409 when taken, checked again by the unique index
 * when two administrators race), a name and a rank (1 the highest). Deleting one takes it from its holders.
 */

const taken = (code: string) => conflict('positionCodeTaken', { code });

async function saving(code: string, save: () => Promise<PositionRecord | null>): Promise<PositionRecord | null> {
  try {
    return await save();
  } catch (error) {
    if (violatedConstraint(error) === 'sys_position_tenant_code_uq') throw taken(code);
    throw error;
  }
}

/** `exceptId`: the position being edited, which must be the tenant's (404 otherwise). */
export async function checkCode(db: Db, tenantId: number, code: string, exceptId?: number): Promise<void> {
  if (exceptId !== undefined && !(await findPosition(db, tenantId, exceptId))) throw notFound();
  if (await codeTaken(db, tenantId, code, exceptId)) throw taken(code);
}

export async function addPosition(db: Db, tenantId: number, input: PositionInput, actor: AuditActor): Promise<PositionRecord> {
  await checkCode(db, tenantId, input.code);
  const saved = await saving(input.code, () =>
    db.transaction(async (tx) => {
      const added = await insertPosition(tx, tenantId, input);
      await recordAudit(tx, actor, { resource: 'position', resourceId: added.id, action: 'create', label: added.code, after: added });
      return added;
    }),
  );
  if (!saved) throw notFound();
  return saved;
}

export async function editPosition(db: Db, tenantId: number, { id, ...values }: PositionEditInput, actor: AuditActor): Promise<PositionRecord> {
  // another tenant's id is not found before its code is compared with anything
  const saved = await saving(values.code, () =>
    db.transaction(async (tx) => {
      const before = await findPosition(tx, tenantId, id);
      if (!before) return null;
      if (await codeTaken(tx, tenantId, values.code, id)) throw taken(values.code);
      const after = await updatePosition(tx, tenantId, id, values);
      await recordAudit(tx, actor, { resource: 'position', resourceId: id, action: 'update', label: before.code, before, after });
      return after;
    }),
  );
  if (!saved) throw notFound();
  return saved;
}

/** All or nothing: an id that is not the tenant's position (another tenant's, or gone) is 404 and nothing is deleted. */
export async function removePositions(db: Db, tenantId: number, ids: number[], actor: AuditActor): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    if ((await countOwnPositions(tx, tenantId, unique)) !== unique.length) throw notFound();
    for (const id of unique) {
      const before = await findPosition(tx, tenantId, id);
      await recordAudit(tx, actor, { resource: 'position', resourceId: id, action: 'delete', label: before?.code ?? '', before });
    }
    await deletePositions(tx, tenantId, unique);
  });
}

/** The export's columns in the reader's language and the rows (at most EXPORT_ROWS_MAX, else 400). */
export async function positionWorkbook(db: Db, tenantId: number, filters: PositionFilters, lang: Language, timeZone: string) {
  const rows = await positionsForExport(db, tenantId, filters, EXPORT_ROWS_MAX + 1);
  assertExportSize(rows.length);
  const t = orgExportTexts;
  const time = timeFormatter(timeZone);
  const columns: ExportColumn<PositionRecord>[] = [
    { header: t.code[lang], width: 18, value: (row) => row.code },
    { header: t.positionName[lang], width: 24, value: (row) => row.name },
    { header: t.rank[lang], width: 8, value: (row) => row.rank },
    { header: t.createdAt[lang], width: 20, value: (row) => time(new Date(row.createdAt)) },
  ];
  return { title: t.positionSheet[lang], asciiTitle: 'positions', timeZone, columns, batches: (async function* () { yield rows; })() };
}
