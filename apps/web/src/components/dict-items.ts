import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DictOption } from '@portal/shared/sys';
import { useAuth } from '../lib/auth.ts';
import { http } from '../lib/http.ts';
import { useLanguage } from '../lib/i18n.ts';

/**
 * GET /sys/dict/getDictItems/{code}: one dictionary, in the request's language. Silent: a missing
 * dictionary shows the raw values rather than a notification on every list row.
 */
export const getDictItems = (code: string, signal?: AbortSignal) => http.get<DictOption[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`, { silent: true, signal });

export const dictItemsQuery = (code: string, language: string) =>
  queryOptions({
    queryKey: ['sys', 'dict', 'items', code, language] as const,
    queryFn: ({ signal }) => getDictItems(code, signal),
    // dictionaries change rarely; the header's "clear cache" reloads the cached set
    staleTime: 5 * 60_000,
    retry: false,
  });

export type DictOptionsState = { options: readonly DictOption[]; loading: boolean; error: string | null };

const NONE: readonly DictOption[] = [];

/**
 * A dictionary's options: from the dictionaries cached at sign-in, else fetched once. An empty code
 * is a programming error the spec names: 字典Code不能为空! (errors.dictCodeEmpty).
 */
export function useDictOptions(code: string | null | undefined): DictOptionsState {
  const { t } = useTranslation();
  const language = useLanguage();
  const trimmed = (code ?? '').trim();
  const cached = useAuth((state) => (trimmed ? state.dictionaries?.[trimmed] : undefined));
  const query = useQuery({ ...dictItemsQuery(trimmed, language), enabled: Boolean(trimmed) && !cached });
  if (!trimmed) return { options: NONE, loading: false, error: t('errors.dictCodeEmpty') };
  if (cached) return { options: cached, loading: false, error: null };
  return { options: query.data ?? NONE, loading: query.isPending, error: null };
}

/** The option of a value; dictionary values are strings, numbers are compared as their text. */
export function findDictOption(options: readonly DictOption[], value: string | number): DictOption | undefined {
  const text = String(value);
  return options.find((option) => option.value === text);
}
