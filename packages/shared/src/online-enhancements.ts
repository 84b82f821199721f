import type { FormDefinition, FormEnhancement, FormValue, FormValues } from './online.ts';

/*
 * An online form's enhancements: declarative rules "when field X …, then show, hide,
 * require or set field Y", evaluated here by both the browser (what the form shows) and the server (what
 * a saved row must satisfy), so the two never disagree. A rule that cannot be evaluated (a field that left
 * the form) is reported to `onError` and skipped: it never breaks the form.
 */

export type FieldState = { visible: boolean; required: boolean };
export type EnhancementOutcome = {
  /** per field key: shown or hidden, required or not (a hidden field is never required) */
  fields: Record<string, FieldState>;
  /** values the rules set, by field key */
  sets: Record<string, string>;
};

const isEmpty = (value: FormValue | undefined) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
const asText = (value: FormValue | undefined): string[] => (isEmpty(value) ? [] : Array.isArray(value) ? value : [String(value)]);

function holds(rule: FormEnhancement, values: FormValues): boolean {
  const { field, condition, value } = rule.when;
  const current = values[field];
  const texts = asText(current);
  switch (condition) {
    case 'empty':
      return isEmpty(current);
    case 'not_empty':
      return !isEmpty(current);
    case 'eq':
      return texts.length === 1 ? texts[0] === value : texts.join(',') === value;
    case 'ne':
      return !(texts.length === 1 ? texts[0] === value : texts.join(',') === value);
    case 'in': {
      const options = value.split(',').map((part) => part.trim());
      return texts.some((text) => options.includes(text));
    }
  }
}

/** The fields' state and the values set, for the values now in the form. Rules apply in their order: a later one wins.
 * A field that some rule shows starts hidden; a hidden field is neither required nor kept on saving. */
export function evaluateEnhancements(definition: Pick<FormDefinition, 'fields' | 'enhancements'>, values: FormValues, onError: (problem: string) => void = () => undefined): EnhancementOutcome {
  const keys = new Set(definition.fields.map((field) => field.key));
  // a field some rule shows is hidden until a rule shows it
  const shownByRule = new Set(definition.enhancements.flatMap((rule) => rule.then.filter((step) => step.action === 'show').map((step) => step.field)));
  const fields: Record<string, FieldState> = Object.fromEntries(definition.fields.map((field) => [field.key, { visible: !shownByRule.has(field.key), required: field.required }]));
  const sets: Record<string, string> = {};
  definition.enhancements.forEach((rule, index) => {
    const unknown = [rule.when.field, ...rule.then.map((step) => step.field)].find((key) => !keys.has(key));
    if (unknown !== undefined) {
      onError(`enhancement ${index + 1}: the field "${unknown}" is not on the form`);
      return;
    }
    if (!holds(rule, values)) return;
    for (const step of rule.then) {
      const state = fields[step.field];
      if (!state) continue;
      if (step.action === 'show') state.visible = true;
      else if (step.action === 'hide') state.visible = false;
      else if (step.action === 'require') state.required = true;
      else sets[step.field] = step.value;
    }
  });
  for (const state of Object.values(fields)) if (!state.visible) state.required = false;
  return { fields, sets };
}
