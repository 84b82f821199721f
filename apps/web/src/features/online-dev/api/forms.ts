import type { FormDefinitionInput, FormRecordDefinition } from '@portal/shared/online';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { HISTORY_KEY } from './history.ts';

/** Every query of the form designer starts with this: a change invalidates the list and the history. */
export const FORMS_KEY = ['online-dev', 'form'] as const;
export const FORM_LIST_KEY = [...FORMS_KEY, 'list'] as const;

/** GET /online/cgform/head/list: the forms, paged, filtered by code and name. */
export const listForms = (params: ListParams, signal?: AbortSignal) => http.get<Page<FormRecordDefinition>>('/online/cgform/head/list', { params, signal });

/** POST /online/cgform/head/add. Silent: the editor shows the refusal. */
export const addForm = (input: FormDefinitionInput) => http.post<FormRecordDefinition>('/online/cgform/head/add', input, { silent: true });
/** PUT /online/cgform/head/edit: with the version read (a stale one is refused). */
export const editForm = (input: FormDefinitionInput & { id: number; version: number }) => http.put<FormRecordDefinition>('/online/cgform/head/edit', input, { silent: true });
/** DELETE /online/cgform/head/delete?id= (a form with rows is refused). */
export const deleteForm = (id: number) => http.delete<null>('/online/cgform/head/delete', { params: { id } });
/** POST /online/cgform/head/rollback: the kept version becomes the newest. */
export const rollbackForm = (input: { code: string; version: number }) => http.post<FormRecordDefinition>('/online/cgform/head/rollback', { kind: 'form', ...input }, { silent: true });
/** POST /online/cgform/head/publish: a menu entry under the group, and into the packages. */
export const publishForm = (input: { id: number; parentId: number; packageIds: number[] }) => http.post<unknown>('/online/cgform/head/publish', input, { silent: true });

function useInvalidating<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: FORMS_KEY }), client.invalidateQueries({ queryKey: HISTORY_KEY })]);
    },
  });
}

export const useAddForm = () => useInvalidating(addForm);
export const useEditForm = () => useInvalidating(editForm);
export const useDeleteForm = () => useInvalidating(deleteForm);
export const useRollbackForm = () => useInvalidating(rollbackForm);
export const usePublishForm = () => useInvalidating(publishForm);
