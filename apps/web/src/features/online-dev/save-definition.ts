import type { FormInstance } from 'antd';
import { HttpError } from '../../lib/http.ts';

/**
 * The designer's save, the same for reports, forms and check rules: the form's own checks first, then
 * the call; a taken code (409 on a new definition) is shown at the code field, any other refusal by the
 * drawer's ServerError. Answers whether it saved.
 */
export async function saveDefinition(form: FormInstance, options: { codeField: string; isNew: boolean; onInvalid?: () => void; save: () => Promise<unknown> }): Promise<boolean> {
  const values: unknown = await form.validateFields().catch(() => null);
  if (!values) {
    options.onInvalid?.();
    return false;
  }
  try {
    await options.save();
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.status === 409 && options.isNew) form.setFields([{ name: options.codeField, errors: [error.message] }]);
    return false;
  }
}
