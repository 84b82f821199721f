import type { TFunction } from 'i18next';
import { required, sameAs, satisfies, type Rule } from '../../components/plain/use-plain-form.ts';
import { isStrongPassword } from '@portal/shared/password-rule';
import { SMS_CODE_PATTERN, USERNAME_PATTERN, isPhone } from './account-rules.ts';

/** The public forms' rules, with their translated messages (the server checks them again). */
export const authRules = <V>(t: TFunction) => ({
  username: [required<V>(t('auth.fields.usernameRequired'))],
  newUsername: [required<V>(t('auth.fields.usernameRequired')), satisfies<V>((value) => USERNAME_PATTERN.test(value.trim()), t('auth.fields.usernameInvalid'))],
  password: [required<V>(t('auth.fields.passwordRequired'))] as Rule<V>[],
  newPassword: [required<V>(t('auth.fields.passwordRequired')), satisfies<V>(isStrongPassword, t('auth.fields.passwordInvalid'))],
  confirmPassword: (passwordField: keyof V) => [required<V>(t('auth.fields.confirmPasswordRequired')), sameAs<V>(passwordField, t('auth.fields.passwordMismatch'))],
  phone: [required<V>(t('auth.fields.phoneRequired')), satisfies<V>((value) => !value.trim() || isPhone(value), t('auth.fields.phoneRule'))],
  smsCode: [required<V>(t('auth.fields.smsCodeRequired')), satisfies<V>((value) => SMS_CODE_PATTERN.test(value.trim()), t('auth.fields.smsCodeRule'))],
  companyName: [required<V>(t('auth.fields.companyNameRequired'))],
});
