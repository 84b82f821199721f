import { ONLINE_FORM_TABLE_PREFIX } from '@portal/shared/online';
import type { Db } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { canonicalDecimal, isDecimal } from './model.ts';
import { findFormByCode, findRow, uniqueTaken } from './repository.ts';

/**
 * The duplicate check of an online form's unique field (tableName `onl_<form code>`, fieldName the
 * field's key): looked up in the caller's tenant's index; the row being edited (dataId) must be one of
 * the caller's tenant (404 otherwise). Undefined when the table is no online form.
 */
export async function onlineFormDuplicate(db: Db, tenantId: number, query: { tableName: string; fieldName: string; fieldVal: string; dataId?: number }): Promise<boolean | undefined> {
  if (!query.tableName.startsWith(ONLINE_FORM_TABLE_PREFIX)) return undefined;
  const form = await findFormByCode(db, query.tableName.slice(ONLINE_FORM_TABLE_PREFIX.length));
  const field = form?.definition.fields.find((f) => f.key === query.fieldName && f.unique);
  if (!form || !field) throw badRequest('duplicateNotAllowed', { table: query.tableName.slice(0, 64), field: query.fieldName.slice(0, 64) });
  if (query.dataId !== undefined && !(await findRow(db, tenantId, form.id, query.dataId))) throw notFound();
  const trimmed = query.fieldVal.trim();
  const value = (field.type === 'number' || field.type === 'integer') && isDecimal(trimmed) ? canonicalDecimal(trimmed) : trimmed;
  return uniqueTaken(db, { tenantId, formId: form.id, fieldKey: field.key, value, exceptId: query.dataId });
}
