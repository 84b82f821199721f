import { useMemo } from 'react';
import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/i18n.ts';
import { allDictsQuery } from './dict-code-select-api.ts';

export type DictCodeSelectProps = Omit<SelectProps<string>, 'options' | 'loading' | 'mode' | 'value'> & {
  /** a dictionary's code; '' or null is none */
  value?: string | null;
};

/**
 * A dictionary chosen by its name or code (`<Form.Item name="dictCode"><DictCodeSelect /></Form.Item>`):
 * every dictionary as "name (code)" in the UI's language, the value its code. A code the list does not
 * hold (deleted since, or the list not loaded yet) still shows, as the code itself.
 */
export function DictCodeSelect({ value, placeholder, ...rest }: DictCodeSelectProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const dicts = useQuery(allDictsQuery());
  const code = value || undefined;
  const options = useMemo(() => {
    const listed = (dicts.data ?? []).map((dict) => ({ value: dict.dictCode, label: `${dict.dictName[language] || dict.dictName['zh-TW']} (${dict.dictCode})` }));
    return code && !listed.some((option) => option.value === code) ? [{ value: code, label: code }, ...listed] : listed;
  }, [dicts.data, language, code]);
  return (
    <Select<string>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      // as wide as the longest "name (code)", at least the field's: codes are long and a cut one cannot be told apart
      popupMatchSelectWidth={false}
      placeholder={placeholder ?? t('components.dictCodeSelect.placeholder')}
      notFoundContent={dicts.isError ? t('components.dictCodeSelect.loadFailed') : undefined}
      {...rest}
      value={code}
      loading={dicts.isLoading}
      options={options}
    />
  );
}
