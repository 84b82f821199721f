import type { FormDefinition, FormRecordDefinition } from '@portal/shared/online';
import { formDefinition } from '@portal/shared/online';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { refuseTakenTitle } from '../titles.ts';
import { violatedConstraint } from '../../../lib/db-errors.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';
import { deleteMenu } from '../../system/menu/repository.ts';
import { findVersion, forgetVersions, recordVersion } from '../history/repository.ts';
import { reindexForm } from '../form-row/service.ts';
import { countAllRows, findFormByCode } from '../form-row/repository.ts';
import { definitionProblem } from './model.ts';
import { deleteForm, dictExists, findForm, formCodeTaken, formRecord, FORM_CODE_UNIQUE, insertForm, reportExists, ruleExists, updateForm, type FormHeadRow } from './repository.ts';

/*
 * The designer's online forms: every save is checked (the model's rules, then the
 * dictionaries, rules and reports it names), kept as a version of the history and audited in its
 * transaction, and the rows of every tenant are re-indexed for the new fields in the same transaction.
 */

const RESOURCE = 'online-form';
const codeTaken = (code: string) => conflict('onlineFormCodeTaken', { code });

async function checkDefinition(db: Db, definition: FormDefinition): Promise<void> {
  const problem = definitionProblem(definition);
  if (problem) throw badRequest(problem.key, problem.params);
  for (const field of definition.fields) {
    const named = { name: field.key };
    if (field.dictCode && !(await dictExists(db, field.dictCode))) throw badRequest('onlineFormDictUnknown', { ...named, code: field.dictCode.slice(0, 64) });
    if (field.ruleCode && !(await ruleExists(db, field.ruleCode))) throw badRequest('onlineFormRuleUnknown', { ...named, code: field.ruleCode.slice(0, 64) });
    if (field.type === 'popup' && field.popup && !(await reportExists(db, field.popup.reportCode))) {
      throw badRequest('onlineFormPopupReportUnknown', { ...named, code: field.popup.reportCode.slice(0, 40) });
    }
  }
}

async function saving<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatedConstraint(error) === FORM_CODE_UNIQUE) throw codeTaken(code);
    throw error;
  }
}

const recordOf = async (db: Db, id: number): Promise<FormRecordDefinition> => {
  const record = await formRecord(db, id);
  if (!record) throw notFound('onlineFormNotFound');
  return record;
};

export async function addForm(db: Db, actor: AuditActor, definition: FormDefinition): Promise<FormRecordDefinition> {
  await checkDefinition(db, definition);
  if (await formCodeTaken(db, definition.code)) throw codeTaken(definition.code);
  await refuseTakenTitle(db, 'form', definition.titles, null);
  const id = await saving(definition.code, () =>
    db.transaction(async (tx) => {
      const row = await insertForm(tx, definition, actor.userId);
      // a code deleted earlier starts its history afresh
      await forgetVersions(tx, 'form', definition.code);
      await recordVersion(tx, { kind: 'form', code: row.code, version: row.version, definition, changedBy: actor.userId });
      await recordAudit(tx, actor, { resource: RESOURCE, resourceId: row.id, action: 'create', label: row.code, after: definition });
      return row.id;
    }),
  );
  return recordOf(db, id);
}

/** Saves a definition over the stored one at `version`; `action` names it in the audit log. */
async function saveOver(db: Db, actor: AuditActor, id: number, version: number, definition: FormDefinition, action: 'update' | 'rollback'): Promise<FormRecordDefinition> {
  const stored = await findForm(db, id);
  if (!stored) throw notFound('onlineFormNotFound');
  await checkDefinition(db, definition);
  await refuseTakenTitle(db, 'form', definition.titles, id);
  await saving(definition.code, () =>
    db.transaction(async (tx) => {
      const locked = await findForm(tx, id, true);
      if (!locked) throw notFound('onlineFormNotFound');
      if (locked.version !== version) throw conflict('onlineFormStale');
      // the code names the history, the rows' duplicate checks and the menu entry's permission: it never changes
      if (definition.code !== locked.code) throw conflict('onlineFormCodeFixed', { code: locked.code });
      const updated = await updateForm(tx, id, version, definition, actor.userId);
      if (!updated) throw conflict('onlineFormStale');
      await reindexForm(tx, id, definition);
      await recordVersion(tx, { kind: 'form', code: updated.code, version: updated.version, definition, changedBy: actor.userId });
      await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action, label: updated.code, before: locked.definition, after: definition });
    }),
  );
  return recordOf(db, id);
}

export const editForm = (db: Db, actor: AuditActor, input: FormDefinition & { id: number; version: number }) => {
  const { id, version, ...definition } = input;
  return saveOver(db, actor, id, version, definition, 'update');
};

/** A kept version saved again as the newest one (the history keeps both). */
export async function rollbackForm(db: Db, actor: AuditActor, input: { code: string; version: number }): Promise<FormRecordDefinition> {
  const kept = await findVersion(db, 'form', input.code, input.version);
  if (!kept) throw notFound('onlineVersionNotKept', { version: input.version });
  const parsed = formDefinition.safeParse(kept);
  if (!parsed.success) throw badRequest('onlineVersionNotKept', { version: input.version });
  const current = await findByCode(db, input.code);
  return saveOver(db, actor, current.id, current.version, { ...parsed.data, code: current.code }, 'rollback');
}

async function findByCode(db: Db, code: string): Promise<FormHeadRow> {
  const row = await findFormByCode(db, code);
  if (!row) throw notFound('onlineFormNotFound');
  return row;
}

/** Refused while any tenant has rows (409); its history and its menu entry go with it. */
export async function removeForm(db: Db, actor: AuditActor, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const stored = await findForm(tx, id, true);
    if (!stored) throw notFound('onlineFormNotFound');
    const rows = (await countAllRows(tx, [id])).get(id) ?? 0;
    if (rows > 0) throw conflict('onlineFormHasRows', { count: rows });
    await deleteForm(tx, id);
    const menuRemoved = stored.menuId !== null && (await deleteMenu(tx, stored.menuId));
    await forgetVersions(tx, 'form', stored.code);
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action: 'delete', label: stored.code, before: stored.definition });
    return menuRemoved;
  });
}
