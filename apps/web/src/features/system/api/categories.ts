import type { CategoryEditInput, CategoryInput, CategoryNode } from '@portal/shared/system-dicts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { CATEGORIES_KEY } from '../../../components/category-tree-select.tsx';

/** POST /sys/category/add. Silent: the dialog shows the server's refusal. */
export const addCategory = (input: CategoryInput) => http.post<CategoryNode>('/sys/category/add', input, { silent: true });
/** PUT /sys/category/edit. Silent: the dialog shows the server's refusal. */
export const editCategory = (input: CategoryEditInput) => http.put<CategoryNode>('/sys/category/edit', input, { silent: true });
/** DELETE /sys/category/delete?id=: refused (409) while it has children. */
export const deleteCategory = (id: number) => http.delete<null>('/sys/category/delete', { params: { id } });

// every tree of categories (this page's and the forms' selects) loads again after a change
function useInvalidating<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: CATEGORIES_KEY }) });
}

export const useAddCategory = () => useInvalidating(addCategory);
export const useEditCategory = () => useInvalidating(editCategory);
export const useDeleteCategory = () => useInvalidating(deleteCategory);
