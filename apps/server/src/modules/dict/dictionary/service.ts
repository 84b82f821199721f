import type { DictEditInput, DictInput, DictRecord } from '@portal/shared/system-dicts';
import type { Db } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { violatedConstraint } from '../../../lib/db-errors.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';
import type { DictService } from '../service.ts';
import { deleteDict, dictCodeTaken, findDict, insertDict, updateDict } from './repository.ts';

/*
 * Dictionaries: a code unique without case (409 when taken, checked again by the unique index when two
 * administrators race), a name in three languages. A dictionary the code relies on (dict-codes.ts) keeps its
 * code and cannot be deleted (409). Every change is audited in its transaction, then every app server
 * forgets its dictionaries (the bus) and every client follows the version mark.
 */

const taken = (code: string) => conflict('dictCodeTaken', { code });

async function saving<T>(code: string, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (violatedConstraint(error) === 'sys_dict_code_uq') throw taken(code);
    throw error;
  }
}

export async function addDict(db: Db, cache: DictService, actor: AuditActor, input: DictInput): Promise<DictRecord> {
  if (await dictCodeTaken(db, input.dictCode)) throw taken(input.dictCode);
  const saved = await saving(input.dictCode, () =>
    db.transaction(async (tx) => {
      const id = await insertDict(tx, input);
      const after = await findDict(tx, id);
      await recordAudit(tx, actor, { resource: 'dict', resourceId: id, action: 'create', label: input.dictCode, after });
      return after;
    }),
  );
  await cache.refresh();
  if (!saved) throw notFound();
  return saved;
}

export async function editDict(db: Db, cache: DictService, actor: AuditActor, { id, ...values }: DictEditInput): Promise<DictRecord> {
  const saved = await saving(values.dictCode, () =>
    db.transaction(async (tx) => {
      const before = await findDict(tx, id, true);
      if (!before) throw notFound();
      if (before.builtIn && values.dictCode !== before.dictCode) throw conflict('dictBuiltInCode', { code: before.dictCode });
      if (await dictCodeTaken(tx, values.dictCode, id)) throw taken(values.dictCode);
      await updateDict(tx, id, values);
      const after = await findDict(tx, id);
      await recordAudit(tx, actor, { resource: 'dict', resourceId: id, action: 'update', label: values.dictCode, before, after });
      return after;
    }),
  );
  await cache.refresh();
  if (!saved) throw notFound();
  return saved;
}

/** Its items go with it. A dictionary the code relies on is refused (409). */
export async function removeDict(db: Db, cache: DictService, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findDict(tx, id, true);
    if (!before) throw notFound();
    if (before.builtIn) throw conflict('dictBuiltInDelete', { code: before.dictCode });
    await deleteDict(tx, id);
    await recordAudit(tx, actor, { resource: 'dict', resourceId: id, action: 'delete', label: before.dictCode, before });
  });
  await cache.refresh();
}
