import type { CategoryEditInput, CategoryInput, CategoryNode } from '@portal/shared/system-dicts';
import type { Language } from '@portal/shared/languages';
import type { Db } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { violatedConstraint } from '../../../lib/db-errors.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';
import { referenceChanged } from '../../../lib/reference-memory.ts';
import { categoryCodeTaken, countChildren, deleteCategory, findCategory, insertCategory, updateCategory } from './repository.ts';

/*
 * The category dictionary: one global tree, codes unique across it (409, the unique index backs it when two
 * administrators race), names in three languages. A node with children is not deleted (409): its
 * subtree would be orphaned. Adding under a parent locks the parent, so that it cannot go meanwhile.
 */

const taken = (code: string) => conflict('categoryCodeTaken', { code });

async function saving<T>(code: string, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (violatedConstraint(error) === 'sys_category_code_uq') throw taken(code);
    throw error;
  }
}

export async function categoryById(db: Db, id: number, lang: Language): Promise<CategoryNode> {
  const found = await findCategory(db, id, lang);
  if (!found) throw notFound();
  return found;
}

export async function addCategory(db: Db, actor: AuditActor, { parentId, ...values }: CategoryInput, lang: Language): Promise<CategoryNode> {
  const saved = await saving(values.code, () =>
    db.transaction(async (tx) => {
      if (parentId !== null && !(await findCategory(tx, parentId, lang, true))) throw notFound('categoryParentNotFound');
      if (await categoryCodeTaken(tx, values.code)) throw taken(values.code);
      const id = await insertCategory(tx, parentId, values);
      const after = await findCategory(tx, id, lang);
      await recordAudit(tx, actor, { resource: 'category', resourceId: id, action: 'create', label: values.code, after });
      return after;
    }),
  );
  await referenceChanged(db, 'categories');
  if (!saved) throw notFound();
  return saved;
}

export async function editCategory(db: Db, actor: AuditActor, { id, ...values }: CategoryEditInput, lang: Language): Promise<CategoryNode> {
  const saved = await saving(values.code, () =>
    db.transaction(async (tx) => {
      const before = await findCategory(tx, id, lang, true);
      if (!before) throw notFound();
      if (await categoryCodeTaken(tx, values.code, id)) throw taken(values.code);
      await updateCategory(tx, id, values);
      const after = await findCategory(tx, id, lang);
      await recordAudit(tx, actor, { resource: 'category', resourceId: id, action: 'update', label: values.code, before, after });
      return after;
    }),
  );
  await referenceChanged(db, 'categories');
  if (!saved) throw notFound();
  return saved;
}

export async function removeCategory(db: Db, actor: AuditActor, id: number, lang: Language): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findCategory(tx, id, lang, true);
    if (!before) throw notFound();
    if ((await countChildren(tx, id)) > 0) throw conflict('categoryHasChildren', { code: before.code });
    await deleteCategory(tx, id);
    await recordAudit(tx, actor, { resource: 'category', resourceId: id, action: 'delete', label: before.code, before });
  });
  await referenceChanged(db, 'categories');
}
