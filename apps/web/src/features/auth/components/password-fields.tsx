import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { isStrongPassword } from '../account-rules.ts';

/**
 * A new password and its confirmation, with the server's rules (8 to 64 characters, letters and
 * digits, always in view as the hint; the error only says it is not met) and spec §5's
 * 两次输入的密码不一样！ when the two differ.
 */
export function PasswordFields({ label }: { label?: string }) {
  const { t } = useTranslation();
  const strong: Rule = {
    validator: async (_rule, value: string | undefined) => (!value || isStrongPassword(value) ? undefined : Promise.reject(new Error(t('auth.fields.passwordInvalid')))),
  };
  return (
    <>
      <Form.Item name="password" label={label ?? t('auth.fields.password')} rules={[{ required: true, message: t('auth.fields.passwordRequired') }, strong]} extra={t('auth.fields.passwordRule')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('auth.fields.confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('auth.fields.confirmPasswordRequired') },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => (!value || value === getFieldValue('password') ? undefined : Promise.reject(new Error(t('auth.fields.passwordMismatch')))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
