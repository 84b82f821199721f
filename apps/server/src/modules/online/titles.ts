import { and, ne, or, sql } from 'drizzle-orm';
import { LANGUAGES, type Language, type Texts } from '@portal/shared/languages';
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
  const clashing = LANGUAGES.filter((language) => fold(titles[language] ?? '') !== '' && fold(other.titles[language] ?? '') === fold(titles[language] ?? ''));
  const named = (language: Language) => (titles[clashing.includes(language) ? language : (clashing[0] ?? language)] ?? '').trim();
  // each reader is told of the clash in their own language when there is one there
  throw conflict('onlineTitleTaken', { title: { 'zh-TW': named('zh-TW'), 'zh-CN': named('zh-CN'), 'en-US': named('en-US') }, code: other.code });
}
