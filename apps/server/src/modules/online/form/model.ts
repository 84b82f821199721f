import { popupConfigProblem, type FormDefinition } from '@portal/shared/online';
import type { Problem } from '../form-row/model.ts';
import { compareDecimal, isDecimal } from '../form-row/model.ts';

/*
 * The rules of a form definition that need no database: keys once each, popup configurations (spec §5's
 * two messages), enhancements on the form's own fields, number bounds that parse.
 */

const DICT_TYPES = new Set(['select', 'radio', 'checkbox']);
export const needsDictionary = (type: string) => DICT_TYPES.has(type);

export function definitionProblem(definition: FormDefinition): Problem | null {
  const keys = new Set<string>();
  for (const field of definition.fields) {
    // a key that is a name every object has (toString, constructor) would read as a value that was never sent
    if (field.key in Object.prototype) return { key: 'onlineFormFieldKeyReserved', params: { name: field.key } };
    if (keys.has(field.key)) return { key: 'onlineFormFieldTwice', params: { name: field.key } };
    keys.add(field.key);
  }
  for (const field of definition.fields) {
    const named = { name: field.key };
    if (needsDictionary(field.type) && !field.dictCode) return { key: 'onlineFormDictRequired', params: named };
    for (const bound of [field.min, field.max]) if (bound !== null && !isDecimal(bound.trim())) return { key: 'onlineFormBoundInvalid', params: named };
    if (field.min !== null && field.max !== null && compareDecimal(field.min.trim(), field.max.trim()) > 0) return { key: 'onlineFormBoundInvalid', params: named };
    if (field.type === 'popup') {
      const problem = popupConfigProblem(field.popup ?? { reportCode: '', originalFields: '', targetFields: '' });
      if (problem) return { key: problem, params: named };
      const target = field.popup?.targetFields
        .split(',')
        .map((part) => part.trim())
        .find((part) => part && !keys.has(part));
      if (target !== undefined) return { key: 'onlineFormPopupTargetUnknown', params: { ...named, target: target.slice(0, 40) } };
    }
  }
  for (const [index, rule] of definition.enhancements.entries()) {
    const unknown = [rule.when.field, ...rule.then.map((step) => step.field)].find((key) => !keys.has(key));
    if (unknown !== undefined) return { key: 'onlineFormEnhancementFieldUnknown', params: { index: index + 1, name: unknown } };
  }
  return null;
}
