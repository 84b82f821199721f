import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PlainAlert, PlainButton } from '../../../components/plain/plain-controls.tsx';
import { PlainField } from '../../../components/plain/plain-field.tsx';
import { usePlainForm } from '../../../components/plain/use-plain-form.ts';
import { useRegister, type RegisterInput } from '../api/register.ts';
import { PageTitle } from '../components/page-title.tsx';
import { PasswordFields } from '../components/password-fields.tsx';
import { SmsCodeField } from '../components/sms-code-field.tsx';
import { authRules } from '../form-rules.ts';
import { registeredState } from './register-result-page.tsx';
import { carryRedirect } from '../use-complete-sign-in.ts';
import { useFirstScreenReleased } from '../../../lib/first-screen.ts';

const EMPTY: RegisterInput = { companyName: '', username: '', phone: '', smsCode: '', password: '', confirmPassword: '' };

/** Spec §2 /user/register: a new merchant, its company (tenant) and main account; then /user/register-result. */
export function RegisterPage() {
  useFirstScreenReleased();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const register = useRegister();
  const rules = authRules<RegisterInput>(t);
  const form = usePlainForm('register', EMPTY, {
    rules: { companyName: rules.companyName, username: rules.newUsername, phone: rules.phone, smsCode: rules.smsCode, password: rules.newPassword, confirmPassword: rules.confirmPassword('password') },
    dependsOn: { confirmPassword: 'password' },
    checkOnBlur: ['phone'],
  });

  const onSubmit = () => {
    const values = form.validate();
    if (!values) return;
    const input = { ...values, companyName: values.companyName.trim(), username: values.username.trim(), phone: values.phone.trim(), smsCode: values.smsCode.trim() };
    register.run(input, (result) => {
      const registered = { username: result.username, company: input.companyName };
      // the state is what the result page believes: its address alone registers nothing
      void navigate(`/user/register-result${carryRedirect(search, registered)}`, { replace: true, state: registeredState(registered) });
    });
  };

  return (
    <>
      <PageTitle>{t('auth.register.title')}</PageTitle>
      <p style={{ marginTop: 0, textAlign: 'center' }}>{t('auth.register.intro')}</p>
      <form
        name="register"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {register.error && <PlainAlert type="error" data-testid="register-error">{register.error.message}</PlainAlert>}
        <PlainField field={form.field('companyName')} label={t('auth.fields.companyName')} autoComplete="organization" maxLength={100} />
        <PlainField field={form.field('username')} label={t('auth.fields.username')} hint={t('auth.fields.usernameRule')} autoComplete="username" maxLength={32} />
        <PlainField field={form.field('phone')} label={t('auth.fields.phone')} autoComplete="tel" inputMode="tel" />
        <SmsCodeField form={form} purpose="register" phoneName="phone" codeName="smsCode" />
        <PasswordFields form={form} />
        <PlainButton type="submit" variant="primary" block loading={register.pending} data-testid="register-submit">
          {t('auth.register.submit')}
        </PlainButton>
      </form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to={`/user/login${carryRedirect(search)}`}>{t('auth.register.haveAccount')}</Link>
      </div>
    </>
  );
}
