import type { ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import type { Dayjs } from 'dayjs';

/** A key of the locale files: titles and labels are translated where they are drawn, so they follow language changes. */
export type TextKey = ParseKeys;

export type SortOrder = 'asc' | 'desc';

/** The answer of every list (DESIGN §3). */
export type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number };

/** What a list sends: paging, sorting, and the query form's filters by name. */
export type ListParams = {
  pageNo: number;
  pageSize: number;
  column?: string;
  order?: SortOrder;
  [filter: string]: string | number | undefined;
};

/** A fixed option of a select field or a column: the value and the key of its text. */
export type StaticOption = { value: string; label: TextKey; color?: string };

/** How a column shows a raw value (spec §9 formatting, lib/format.ts). */
export type ColumnFormat = 'dateTime' | 'money' | 'weight' | 'count' | 'ellipsis';

type ColumnBase<T> = {
  title: TextKey;
  width?: number;
  align?: 'left' | 'right' | 'center';
  fixed?: 'left' | 'right';
  /** off until the user turns it on in the column chooser */
  defaultHidden?: boolean;
  /**
   * kept on a phone: once a list marks any column so, a screen narrower than 576 px (antd's `sm`) shows
   * only the marked ones, so that the few that matter fit without a sideways scroll. An action column is
   * marked too unless its actions are also where the row leads (a detail page or drawer).
   */
  phone?: boolean;
  /** draws the cell; wins over dict, options and format */
  render?: (record: T, index: number) => ReactNode;
};

/** A column of a record field. */
export type DataColumn<T> = ColumnBase<T> & {
  dataIndex: Extract<keyof T, string>;
  key?: undefined;
  /** server-side sort: the dataIndex is sent as `column` */
  sorter?: boolean;
  /** a dictionary code: the value is shown as the dictionary's text and colour */
  dict?: string;
  /** fixed value -> text (and colour) pairs */
  options?: readonly StaticOption[];
  format?: ColumnFormat;
};

/** A column that is not a field (row actions): a key of its own and a render. */
export type ActionColumn<T> = ColumnBase<T> & { key: string; dataIndex?: undefined; render: (record: T, index: number) => ReactNode };

export type ListColumn<T> = DataColumn<T> | ActionColumn<T>;

type FieldBase = {
  /**
   * the parameter sent to the server (a date range sends `<name>_begin` and `<name>_end`); the same name in
   * the page's URL fills the field when the list opens, or when the URL changes (url-filters.ts)
   */
  name: string;
  label: TextKey;
  /** shown only when the form is expanded (the spec's query-info hidden flag '1') */
  hidden?: boolean;
  /** the empty field's text when "enter <label>" would not say what it matches (a number search: any case, its beginning) */
  placeholder?: TextKey;
};

/**
 * Options a server finds by a part of their name, and the names of chosen ids (a merchant): `key` roots the
 * queries, `fetch` answers either search.
 */
export type RemoteOptions = {
  key: readonly unknown[];
  fetch: (search: { keyword?: string; ids?: number[] }, signal: AbortSignal) => Promise<readonly { value: number; label: string }[]>;
};

export type QueryField =
  | (FieldBase & { type: 'input' })
  /** one record chosen by its name; the id is what is sent and what the URL holds */
  | (FieldBase & { type: 'remote'; remote: RemoteOptions })
  | (FieldBase & { type: 'number'; min?: number; max?: number; precision?: number })
  | (FieldBase & { type: 'select'; options: readonly StaticOption[] })
  /** `extraOptions`: values the server takes beside the dictionary's, listed first (a group of statuses: 'OPEN') */
  | (FieldBase & { type: 'dict'; dict: string; extraOptions?: readonly StaticOption[] })
  | (FieldBase & { type: 'date-range' });

export type ListPageConfig<T> = {
  /** names the list where its settings are kept (visible columns) */
  id: string;
  rowKey: Extract<keyof T, string> | ((record: T) => string);
  columns: readonly ListColumn<T>[];
  query?: readonly QueryField[];
  defaultSort?: { column: string; order: SortOrder };
  /** the TanStack Query key of the list; the request's parameters are appended */
  queryKey: readonly unknown[];
  fetcher: (params: ListParams, signal: AbortSignal) => Promise<Page<T>>;
  /** false for a list in a dialog or a drawer: the page's URL names the page's list's filters, not its (url-filters.ts) */
  urlFilters?: false;
  /** 10 unless said */
  pageSize?: number;
  pageSizeOptions?: readonly number[];
  /** the query form's first values, applied to the first request and restored by Reset */
  defaults?: Readonly<Record<string, unknown>>;
};

export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_PAGE_SIZE_OPTIONS = [10, 20, 30, 50] as const;

/** A column of a record field (as opposed to an action column). */
export const isDataColumn = <T>(column: ListColumn<T>): column is DataColumn<T> => column.dataIndex !== undefined;

export const columnKeyOf = <T>(column: ListColumn<T>): string => column.key ?? column.dataIndex ?? '';

/** A form value of a query field, as antd's controls give it. */
export type FieldValue = string | number | null | undefined | [Dayjs | null, Dayjs | null] | null;

/**
 * The query form's values as request parameters: text trimmed, empty values left out, a date range
 * as `<name>_begin` / `<name>_end` from 00:00:00 of its first day to 23:59:59 of its last (spec §9),
 * in ISO 8601 with the user's offset so that the server reads the user's days, wherever it runs.
 */
export function toFilters(fields: readonly QueryField[], values: Record<string, unknown>): Record<string, string | number> {
  const filters: Record<string, string | number> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === null || value === undefined) continue;
    if (field.type === 'date-range') {
      if (!Array.isArray(value)) continue;
      const [begin, end] = value as [Dayjs | null, Dayjs | null];
      if (begin) filters[`${field.name}_begin`] = begin.startOf('day').format();
      if (end) filters[`${field.name}_end`] = end.endOf('day').millisecond(0).format();
      continue;
    }
    if (typeof value === 'number') {
      if (Number.isFinite(value)) filters[field.name] = value;
      continue;
    }
    const text = String(value).trim();
    if (text !== '') filters[field.name] = text;
  }
  return filters;
}

