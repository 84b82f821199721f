import type { ParseKeys } from 'i18next';
import type { TextKey } from '../../components/list-page/list-config.ts';

/**
 * The list toolkit translates keys of the common texts with its own `t`; this area's texts are the
 * lazily loaded `logistics` namespace, which that `t` reaches as `logistics:<key>` once the page has
 * loaded it (every page of the area calls useTranslation('logistics') before it draws a list).
 * Checked against the namespace's keys, then widened to what the toolkit's types accept.
 */
export const lk = (key: ParseKeys<'logistics'>): TextKey => `logistics:${key}` as string as TextKey;
