import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { USERNAME_PATTERN } from '../account-rules.ts';
import { useRegister, type RegisterInput } from '../api/register.ts';
import { PageTitle } from '../components/page-title.tsx';
import { PasswordFields } from '../components/password-fields.tsx';
import { PhoneField } from '../components/phone-field.tsx';
import { SmsCodeField } from '../components/sms-code-field.tsx';
import { carryRedirect } from '../use-complete-sign-in.ts';

/** Spec §2 /user/register: a new merchant, its company (tenant) and main account; then /user/register-result. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const register = useRegister();

  const onFinish = (values: RegisterInput) => {
    const input = { ...values, companyName: values.companyName.trim(), username: values.username.trim(), phone: values.phone.trim(), smsCode: values.smsCode.trim() };
    register.mutate(input, {
      onSuccess: (result) => void navigate(`/user/register-result${carryRedirect(search, { username: result.username, company: input.companyName })}`, { replace: true }),
    });
  };

  return (
    <>
      <PageTitle>{t('auth.register.title')}</PageTitle>
      <p style={{ marginTop: 0, textAlign: 'center' }}>{t('auth.register.intro')}</p>
      <Form<RegisterInput> name="register" layout="vertical" requiredMark={false} onFinish={onFinish}>
        {register.error && <Alert type="error" showIcon title={register.error.message} style={{ marginBottom: 16 }} data-testid="register-error" />}
        <Form.Item name="companyName" label={t('auth.fields.companyName')} rules={[{ required: true, whitespace: true, message: t('auth.fields.companyNameRequired') }, { max: 100 }]}>
          <Input autoComplete="organization" maxLength={100} />
        </Form.Item>
        <Form.Item
          name="username"
          label={t('auth.fields.username')}
          extra={t('auth.fields.usernameRule')}
          rules={[
            { required: true, whitespace: true, message: t('auth.fields.usernameRequired') },
            { pattern: USERNAME_PATTERN, message: t('auth.fields.usernameInvalid') },
          ]}
        >
          <Input autoComplete="username" maxLength={32} />
        </Form.Item>
        <PhoneField name="phone" />
        <SmsCodeField purpose="register" phoneName="phone" codeName="smsCode" formName="register" />
        <PasswordFields />
        <Button type="primary" htmlType="submit" block loading={register.isPending} data-testid="register-submit">
          {t('auth.register.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to={`/user/login${carryRedirect(search)}`}>{t('auth.register.haveAccount')}</Link>
      </div>
    </>
  );
}
