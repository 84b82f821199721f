import type { ReactNode } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPhone } from '../account-rules.ts';

/** A phone number the server accepts (mainland China, Taiwan, Hong Kong / Macau, or +country code). */
export function PhoneField({ name, size, prefix }: { name: string; size?: 'large'; prefix?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t('auth.fields.phone')}
      validateTrigger="onBlur"
      rules={[
        { required: true, whitespace: true, message: t('auth.fields.phoneRequired') },
        { validator: async (_rule, value: string | undefined) => (!value?.trim() || isPhone(value) ? undefined : Promise.reject(new Error(t('auth.fields.phoneRule')))) },
      ]}
    >
      <Input autoComplete="tel" inputMode="tel" size={size} prefix={prefix} />
    </Form.Item>
  );
}
