import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { dictItemsQuery } from '../dict-items.ts';
import type { QueryField } from './list-config.ts';
import { optionValuesOf, valuesFromSearch, type UrlValues } from './url-values.ts';

export type UrlFilters = {
  /** false while a dictionary that checks a value of the URL loads */
  ready: boolean;
  values: UrlValues;
  /** changes when, and only when, the URL asks for other values */
  signature: string;
};

/**
 * The list's filters from the URL (`valuesFromSearch`), checked against the dictionaries cached at
 * sign-in, or fetched when one is not (only for a field the URL names).
 */
export function useUrlFilters(fields: readonly QueryField[], search: URLSearchParams): UrlFilters {
  const language = useLanguage();
  const cached = useAuth((state) => state.dictionaries);
  const wanted = fields.flatMap((field) => (field.type === 'dict' && search.get(field.name)?.trim() && !cached?.[field.dict] ? [field.dict] : []));
  const loaded = useQueries({ queries: wanted.map((code) => dictItemsQuery(code, language)) });
  const fetched = new Map(wanted.map((code, index) => [code, loaded[index]?.data ?? (loaded[index]?.isError ? [] : undefined)]));
  const values = valuesFromSearch(fields, search, (field) => optionValuesOf(field, field.type === 'dict' ? (cached?.[field.dict] ?? fetched.get(field.dict)) : undefined));
  const signature = values === null ? '' : JSON.stringify(values);
  // one object per distinct set of values (the signature says which), so that a caller can depend on it
  return useMemo(() => ({ ready: values !== null, values: values ?? {}, signature }), [signature]);
}
