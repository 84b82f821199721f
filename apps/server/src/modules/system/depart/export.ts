import type { Language } from '@portal/shared/languages';
import { departExportTexts as t, type DepartNode } from '@portal/shared/system-departs';
import type { ExportColumn } from '../../../lib/xlsx.ts';

/** One row per department, in tree order (parents before their children). */
export type DepartExportRow = DepartNode & { parentName: string };

export function departExportColumns(lang: Language): ExportColumn<DepartExportRow>[] {
  return [
    { header: t.orgCode[lang], width: 18, value: (row) => row.orgCode },
    { header: t.departName[lang], width: 30, value: (row) => row.departName },
    { header: t.parent[lang], width: 30, value: (row) => row.parentName },
    { header: t.sortNo[lang], width: 8, value: (row) => row.sortNo },
    { header: t.heads[lang], width: 30, value: (row) => row.heads.map((h) => h.realname || h.username).join(', ') },
    { header: t.memberCount[lang], width: 10, value: (row) => row.memberCount },
  ];
}

export function departExportRows(tree: readonly DepartNode[], parentName = ''): DepartExportRow[] {
  return tree.flatMap((node) => [{ ...node, parentName }, ...departExportRows(node.children, node.departName)]);
}
