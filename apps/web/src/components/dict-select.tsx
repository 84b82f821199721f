import { Select, type SelectProps } from 'antd';
import { useDictOptions } from './dict-items.ts';

export type DictSelectProps = Omit<SelectProps<string | string[]>, 'options' | 'loading'> & { code: string };

/** A select over a dictionary's options (value -> text); see useDictOptions for where they come from. */
export function DictSelect({ code, placeholder, ...rest }: DictSelectProps) {
  const { options, loading, error } = useDictOptions(code);
  return (
    <Select<string | string[]>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      {...rest}
      loading={loading}
      status={error ? 'error' : rest.status}
      placeholder={error ?? placeholder}
      title={error ?? undefined}
      options={options.map((option) => ({ value: option.value, label: option.text }))}
    />
  );
}
