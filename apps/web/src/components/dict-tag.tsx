import { Tag } from 'antd';
import { findDictOption, useDictOptions } from './dict-items.ts';

export type DictValue = string | number | null | undefined | readonly (string | number)[];

/** Single values, arrays, and the comma-separated lists some records carry. */
function valuesOf(value: DictValue): (string | number)[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return [...value];
  return typeof value === 'string' && value.includes(',') ? value.split(',').map((v) => v.trim()).filter(Boolean) : [value as string | number];
}

/**
 * A dictionary value shown as its text, in a tag of the dictionary's colour (or as plain text with
 * `plain`). A value the dictionary does not know is shown as it is rather than hidden.
 */
export function DictTag({ code, value, plain = false }: { code: string; value: DictValue; plain?: boolean }) {
  const { options } = useDictOptions(code);
  const values = valuesOf(value);
  if (values.length === 0) return null;
  if (plain) return <>{values.map((v) => findDictOption(options, v)?.text ?? String(v)).join(', ')}</>;
  return (
    <>
      {values.map((v) => {
        const option = findDictOption(options, v);
        return (
          <Tag key={String(v)} color={option?.color && option.color !== 'default' ? option.color : undefined}>
            {option?.text ?? String(v)}
          </Tag>
        );
      })}
    </>
  );
}
