import { and, ne, or, sql } from 'drizzle-orm';
import { LANGUAGES, type Texts } from '@portal/shared/languages';
import type { Db } from '../../db/client.ts';
import { onlineForms, onlineReports } from '../../db/schema/online.ts';
import { conflict } from '../../lib/errors.ts';

/** Folded as a reader tells two titles apart: case and surrounding spaces do not. */
const fold = (text: string) => text.trim().toLowerCase();

/**
 * Refuses a report's or a form's titles when another of its kind has one of them in the same language: both are
 * published into menus and listed side by side, where two of one title cannot be told apart (409, naming the other).
 */
export async function refuseTakenTitle(db: Db, kind: 'report' | 'form', titles: Partial<Texts>, exceptId: number | null): Promise<void> {
  const table = kind === 'report' ? onlineReports : onlineForms;
  const clashes = LANGUAGES.flatMap((language) => {
    const title = fold(titles[language] ?? '');
    return title === '' ? [] : [sql`lower(btrim(${table.titles} ->> ${language})) = ${title}`];
  });
  if (clashes.length === 0) return;
  const [other] = await db
    .select({ code: table.code, titles: table.titles })
    .from(table)
    .where(and(or(...clashes), exceptId === null ? undefined : ne(table.id, exceptId)))
    .limit(1);
  if (!other) return;
  const clash = LANGUAGES.find((language) => fold(titles[language] ?? '') !== '' && fold(other.titles[language] ?? '') === fold(titles[language] ?? ''));
  throw conflict('onlineTitleTaken', { title: (clash ? (titles[clash] ?? '') : '').trim(), code: other.code });
}
