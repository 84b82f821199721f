import type { DictItemEditInput, DictItemInput, DictItemRecord, DictItemSortInput, DictItemStatusInput } from '@portal/shared/system-dicts';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { violatedConstraint } from '../../../lib/db-errors.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';
import type { DictService } from '../service.ts';
import { findDict, touchDict } from '../dictionary/repository.ts';
import { deleteDictItem, dictItemIds, findDictItem, insertDictItem, itemValueTaken, reorderDictItems, updateDictItem } from './repository.ts';

/*
 * A dictionary's items: a value unique in its dictionary (409), a text in three languages, a colour, an
 * order and a status. In a dictionary the code relies on (dict-codes.ts) the set of values is the code's:
 * no value is added, changed or deleted there, and no item is disabled, since a disabled item leaves the
 * lists that show such a value without its text while the rules still use it (409). Texts, colours and
 * order may change anywhere. After every change every app server and every client reload the dictionaries.
 */

const valueTaken = (value: string) => conflict('dictItemValueTaken', { value });

async function saving<T>(value: string, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (violatedConstraint(error) === 'sys_dict_item_value_uq') throw valueTaken(value);
    throw error;
  }
}

/** The item, locked, with its dictionary (404 when either is gone). */
async function lockedItem(tx: Db, id: number) {
  const item = await findDictItem(tx, id, true);
  if (!item) throw notFound();
  const dict = await findDict(tx, item.dictId);
  if (!dict) throw notFound();
  return { item, dict };
}

export async function addDictItem(db: Db, cache: DictService, actor: AuditActor, { dictId, ...values }: DictItemInput): Promise<DictItemRecord> {
  const saved = await saving(values.itemValue, () =>
    db.transaction(async (tx) => {
      const dict = await findDict(tx, dictId, true);
      if (!dict) throw notFound();
      if (dict.builtIn) throw conflict('dictBuiltInValues', { code: dict.dictCode });
      if (await itemValueTaken(tx, dictId, values.itemValue)) throw valueTaken(values.itemValue);
      const id = await insertDictItem(tx, dictId, values);
      await touchDict(tx, dictId);
      const after = await findDictItem(tx, id);
      await recordAudit(tx, actor, { resource: 'dict-item', resourceId: id, action: 'create', label: `${dict.dictCode}:${values.itemValue}`, after });
      return after;
    }),
  );
  await cache.refresh();
  if (!saved) throw notFound();
  return saved;
}

export async function editDictItem(db: Db, cache: DictService, actor: AuditActor, { id, ...values }: DictItemEditInput): Promise<DictItemRecord> {
  const saved = await saving(values.itemValue, () =>
    db.transaction(async (tx) => {
      const { item: before, dict } = await lockedItem(tx, id);
      if (dict.builtIn && values.itemValue !== before.itemValue) throw conflict('dictBuiltInValues', { code: dict.dictCode });
      if (dict.builtIn && values.status === 0 && before.status === 1) throw conflict('dictBuiltInDisable', { code: dict.dictCode });
      if (await itemValueTaken(tx, before.dictId, values.itemValue, id)) throw valueTaken(values.itemValue);
      await updateDictItem(tx, id, values);
      await touchDict(tx, before.dictId);
      const after = await findDictItem(tx, id);
      await recordAudit(tx, actor, { resource: 'dict-item', resourceId: id, action: 'update', label: `${dict.dictCode}:${values.itemValue}`, before, after });
      return after;
    }),
  );
  await cache.refresh();
  if (!saved) throw notFound();
  return saved;
}

/** Enables (1) or disables (0) an item: a disabled one leaves getDictItems and queryAllDictItems. */
export async function setDictItemStatus(db: Db, cache: DictService, actor: AuditActor, { id, status }: DictItemStatusInput): Promise<DictItemRecord> {
  const saved = await db.transaction(async (tx) => {
    const { item: before, dict } = await lockedItem(tx, id);
    if (dict.builtIn && status === 0 && before.status === 1) throw conflict('dictBuiltInDisable', { code: dict.dictCode });
    await updateDictItem(tx, id, { status });
    await touchDict(tx, before.dictId);
    const after = await findDictItem(tx, id);
    await recordAudit(tx, actor, { resource: 'dict-item', resourceId: id, action: status === 1 ? 'enable' : 'disable', label: `${dict.dictCode}:${before.itemValue}`, before, after });
    return after;
  });
  await cache.refresh();
  if (!saved) throw notFound();
  return saved;
}

export async function removeDictItem(db: Db, cache: DictService, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { item: before, dict } = await lockedItem(tx, id);
    if (dict.builtIn) throw conflict('dictBuiltInValues', { code: dict.dictCode });
    await deleteDictItem(tx, id);
    await touchDict(tx, before.dictId);
    await recordAudit(tx, actor, { resource: 'dict-item', resourceId: id, action: 'delete', label: `${dict.dictCode}:${before.itemValue}`, before });
  });
  await cache.refresh();
}

/** The new order of every item of a dictionary, first to last (400 unless it names each item once). */
export async function sortDictItems(db: Db, cache: DictService, actor: AuditActor, { dictId, ids }: DictItemSortInput): Promise<void> {
  await db.transaction(async (tx) => {
    const dict = await findDict(tx, dictId, true);
    if (!dict) throw notFound();
    const before = await dictItemIds(tx, dictId);
    const sameSet = new Set(ids).size === ids.length && ids.length === before.length && ids.every((id) => before.includes(id));
    if (!sameSet) throw badRequest('dictItemSortIncomplete');
    await reorderDictItems(tx, dictId, ids);
    await touchDict(tx, dictId);
    await recordAudit(tx, actor, { resource: 'dict', resourceId: dictId, action: 'sort-items', label: dict.dictCode, before: { order: before }, after: { order: ids } });
  });
  await cache.refresh();
}
