import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormRow, FormSchemaAnswer, FormValues } from '@portal/shared/online';
import { download, http } from '../../../lib/http.ts';
import { uploadImport } from '../../../lib/upload.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

/*
 * A published online form's rows: /online/cgform/api/..., the form named by its code.
 * The code is checked against ONLINE_CODE_PATTERN by the page before it gets here; it is encoded anyway.
 */

const path = (what: string, code: string) => `/online/cgform/api/${what}/${encodeURIComponent(code)}`;

/** Every query of one form starts with this: a change of its rows reloads its list. */
export const cgformKey = (code: string) => ['online-form', code] as const;

/** GET /online/cgform/api/getColumns/{code}: the definition the screens render and its dictionaries. */
export const formSchemaQuery = (code: string) =>
  queryOptions({ queryKey: [...cgformKey(code), 'schema'] as const, queryFn: ({ signal }) => http.get<FormSchemaAnswer>(path('getColumns', code), { signal }) });
export const useFormSchema = (code: string) => useQuery(formSchemaQuery(code));

/** GET /online/cgform/api/getData/{code}: a page of rows; the query fields by their keys, sort by a listed field. */
export const listFormRows = (code: string, params: ListParams, signal?: AbortSignal) => http.get<Page<FormRow>>(path('getData', code), { params, signal });

/** GET /online/cgform/api/form/{code}/{id}: one row, for editing (its version guards the edit). */
export const getFormRow = (code: string, id: number, signal?: AbortSignal) => http.get<FormRow>(`${path('form', code)}/${id}`, { signal });
export const useFormRow = (code: string, id: number | null) =>
  useQuery({ queryKey: [...cgformKey(code), 'row', id] as const, queryFn: ({ signal }) => getFormRow(code, id ?? 0, signal), enabled: id !== null, gcTime: 0 });

/** POST /online/cgform/api/form/{code} {values}. Silent: the form shows a refusal at its field or above it. */
export const addFormRow = (code: string, values: FormValues) => http.post<FormRow>(path('form', code), { values }, { silent: true });
/** PUT /online/cgform/api/form/{code} {id, version, values}. Silent, as adding. */
export const editFormRow = (code: string, input: { id: number; version: number; values: FormValues }) => http.put<FormRow>(path('form', code), input, { silent: true });
/** DELETE /online/cgform/api/form/{code}?id= */
export const deleteFormRow = (code: string, id: number) => http.delete<null>(path('form', code), { params: { id } });

/** GET /online/cgform/api/exportXls/{code}: the rows the list's filters select, as a spreadsheet. */
export const exportFormRows = (code: string, filters: Record<string, string | number | undefined>) => download(path('exportXls', code), { params: filters });

function useRowsMutation<A, R>(code: string, mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: [...cgformKey(code), 'rows'] }) });
}

export const useAddFormRow = (code: string) => useRowsMutation(code, (values: FormValues) => addFormRow(code, values));
export const useEditFormRow = (code: string) => useRowsMutation(code, (input: { id: number; version: number; values: FormValues }) => editFormRow(code, input));
export const useDeleteFormRow = (code: string) => useRowsMutation(code, (id: number) => deleteFormRow(code, id));
/** POST /online/cgform/api/importXls/{code} (multipart "file"): all rows or none, each refusal with its row and column. */
export const useImportFormRows = (code: string) => useRowsMutation(code, (file: File) => uploadImport(path('importXls', code), file));
/**
 * The import's template: the export of every row, titled by the fields as the import reads them (the
 * server has no template of its own; the user keeps the titles and replaces the rows).
 */
export const useDownloadFormTemplate = (code: string) => useMutation({ mutationFn: () => download(path('exportXls', code)) });
