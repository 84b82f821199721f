import { useTranslation } from 'react-i18next';
import { PlainField } from '../../../components/plain/plain-field.tsx';
import type { PlainForm } from '../../../components/plain/use-plain-form.ts';
import { useRevealLabels } from '../use-reveal-labels.ts';

/**
 * A new password and its confirmation: the server's rules always in view as the hint (the error only
 * says it is not met), and spec §5's 两次输入的密码不一样！ when the two differ. The form's rules
 * come from authRules (newPassword, confirmPassword('password')).
 */
export function PasswordFields<V extends { password: string; confirmPassword: string }>({ form, label }: { form: PlainForm<V>; label?: string }) {
  const { t } = useTranslation();
  const reveal = useRevealLabels();
  return (
    <>
      <PlainField field={form.field('password')} label={label ?? t('auth.fields.password')} hint={t('auth.fields.passwordRule')} password revealLabels={reveal} autoComplete="new-password" />
      <PlainField field={form.field('confirmPassword')} label={t('auth.fields.confirmPassword')} password revealLabels={reveal} autoComplete="new-password" />
    </>
  );
}
