import type { Texts } from '@portal/shared/languages';
import type { MessageKey } from '@portal/shared/messages';
import { conflict } from './errors.ts';

const sameTexts = (a: Texts, b: Texts) => (Object.keys(a) as (keyof Texts)[]).every((language) => a[language] === b[language]);

/**
 * The refusal of a status move, for every status machine (orders, exceptions, pick-up batches): a move to
 * the state its subject is already in (a repeated scan, a second click) says so and that nothing changed,
 * not "cannot move from X to X"; any other refused move names both states under the machine's own key.
 */
export function moveRefused(refused: MessageKey, subject: Texts, from: Texts, to: Texts) {
  return sameTexts(from, to) ? conflict('statusAlready', { subject, state: from }) : conflict(refused, { from, to });
}
