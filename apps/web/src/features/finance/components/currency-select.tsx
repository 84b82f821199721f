import { Select, type SelectProps } from 'antd';
import { CURRENCY_CODES, type CurrencyCode } from '@portal/shared/money';
import { findDictOption, useDictOptions } from '../../../components/dict-items.ts';

/**
 * The currencies finance keeps (the contract's list), each as its code with the Currency dictionary's
 * name when it is there: the code is what the amounts show next to them.
 */
export function CurrencySelect(props: Omit<SelectProps<CurrencyCode>, 'options'>) {
  const { options } = useDictOptions('Currency');
  return (
    <Select<CurrencyCode>
      showSearch={{ optionFilterProp: 'label' }}
      {...props}
      options={CURRENCY_CODES.map((code) => {
        const name = findDictOption(options, code)?.text;
        return { value: code, label: name && name !== code ? `${code} · ${name}` : code };
      })}
    />
  );
}
