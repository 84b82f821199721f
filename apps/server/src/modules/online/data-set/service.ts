import { PLATFORM_TENANT } from '@portal/shared/tenant';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REPORT_DATA_SETS, type DataSetRecord, type ReportDataSet } from '@portal/shared/online';
import type { PermissionCode } from '@portal/shared/permissions';
import { forbidden } from '../../../lib/errors.ts';
import type { AuthContext } from '../../../plugins/auth.ts';
import { DATA_SETS, type DataSetDefinition } from './repository.ts';

export const PREVIEW_CODE: PermissionCode = 'system:online:preview';

/** The designer's catalogue: every data set with its fields, titles in the three languages. */
export function dataSetCatalogue(): DataSetRecord[] {
  return REPORT_DATA_SETS.map((id) => {
    const dataSet = DATA_SETS[id];
    return {
      id,
      titles: dataSet.titles,
      permissions: [...dataSet.permissions],
      fields: dataSet.fields.map((field) => ({ key: field.key, titles: field.titles, type: field.type, dictCode: field.dictCode, sortable: field.sortable, operators: [...field.operators] })),
    };
  });
}

/** What a caller reads of a data set: its definition, the codes it holds of it, and its data rules' condition. */
export type DataSetReading = { dataSet: DataSetDefinition; held: ReadonlySet<PermissionCode>; scope: SQL | undefined };

/**
 * The caller's right to a data set: one of the codes of the product's own screen of those rows (or, on
 * the platform's side, the designer's preview code), and the data rules of that screen. 403 otherwise.
 */
export async function readDataSet(app: FastifyInstance, auth: AuthContext, id: ReportDataSet): Promise<DataSetReading> {
  const dataSet = DATA_SETS[id];
  const held = new Set<PermissionCode>();
  for (const code of dataSet.permissions) if (await app.accessService.can(auth.access, code)) held.add(code);
  if (held.size === 0) {
    const previewing = auth.tenantId === PLATFORM_TENANT && (await app.accessService.can(auth.access, PREVIEW_CODE));
    if (!previewing) throw forbidden();
    for (const code of dataSet.permissions) held.add(code);
  }
  const scope = dataSet.dataRuleMenu ? await app.dataRules.scope(auth, dataSet.dataRuleMenu) : undefined;
  return { dataSet, held, scope };
}
