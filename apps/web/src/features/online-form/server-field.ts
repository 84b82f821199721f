import type { FormDefinition, FormValues } from '@portal/shared/online';
import type { Language } from '@portal/shared/languages';

/**
 * The field a server refusal is about, when it names one: by the field's title in the user's language
 * (the server's messages name fields so), the longest title first so that "phone" does not take
 * "backup phone"'s refusal; else, for a taken value (409), the unique field holding the value the message
 * quotes. Null when the message names no field: it is shown above the form.
 */
export function serverFieldOf(definition: Pick<FormDefinition, 'fields'>, message: string, values: FormValues, language: Language, status: number | null): string | null {
  const byTitle = definition.fields
    .map((field) => ({ key: field.key, title: (field.titles as Partial<Record<string, string>>)[language] ?? '' }))
    .filter((field) => field.title.trim() !== '')
    .sort((a, b) => b.title.length - a.title.length)
    .find((field) => message.includes(field.title));
  if (byTitle) return byTitle.key;
  if (status !== 409) return null;
  const taken = definition.fields.find((field) => {
    const value = values[field.key];
    return field.unique && typeof value === 'string' && value.trim() !== '' && message.includes(value.trim());
  });
  return taken?.key ?? null;
}
