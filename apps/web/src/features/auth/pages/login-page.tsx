import { useState } from 'react';
import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLogin, type LoginInput } from '../api/login.ts';
import { usePhoneLogin, type PhoneLoginInput } from '../api/phone-login.ts';
import { PageTitle } from '../components/page-title.tsx';
import { PhoneField } from '../components/phone-field.tsx';
import { SmsCodeField } from '../components/sms-code-field.tsx';
import { carryRedirect, useCompleteSignIn } from '../use-complete-sign-in.ts';

type Way = 'password' | 'phone';

function PasswordForm() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const login = useLogin();
  const complete = useCompleteSignIn();
  return (
    <Form<LoginInput>
      name="login"
      layout="vertical"
      requiredMark={false}
      // the registration result sends the new account here
      initialValues={{ username: search.get('username') ?? '' }}
      onFinish={(values) => login.mutate({ username: values.username.trim(), password: values.password }, { onSuccess: complete })}
    >
      {login.error && <Alert type="error" showIcon title={login.error.message} style={{ marginBottom: 16 }} data-testid="login-error" />}
      <Form.Item name="username" label={t('auth.fields.username')} rules={[{ required: true, whitespace: true, message: t('auth.fields.usernameRequired') }]}>
        <Input prefix={<UserOutlined />} autoComplete="username" autoFocus size="large" />
      </Form.Item>
      <Form.Item name="password" label={t('auth.fields.password')} rules={[{ required: true, message: t('auth.fields.passwordRequired') }]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={login.isPending} data-testid="login-submit">
        {t('auth.login.submit')}
      </Button>
    </Form>
  );
}

function PhoneForm() {
  const { t } = useTranslation();
  const phoneLogin = usePhoneLogin();
  const complete = useCompleteSignIn();
  return (
    <Form<PhoneLoginInput>
      name="phoneLogin"
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => phoneLogin.mutate({ mobile: values.mobile.trim(), captcha: values.captcha.trim() }, { onSuccess: complete })}
    >
      {phoneLogin.error && <Alert type="error" showIcon title={phoneLogin.error.message} style={{ marginBottom: 16 }} data-testid="phone-login-error" />}
      <PhoneField name="mobile" size="large" prefix={<MobileOutlined />} />
      <SmsCodeField purpose="login" phoneName="mobile" codeName="captcha" formName="phoneLogin" size="large" />
      <Button type="primary" htmlType="submit" block size="large" loading={phoneLogin.isPending} data-testid="phone-login-submit">
        {t('auth.login.submit')}
      </Button>
    </Form>
  );
}

/** Spec §2 /user/login: two ways in, username and password or phone and SMS code; then back to ?redirect= or home. */
export function LoginPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [way, setWay] = useState<Way>('password');
  const carry = carryRedirect(search);
  return (
    <>
      {/* the tabs name the two ways in; the page's heading is for screen readers */}
      <PageTitle hidden>{t('auth.login.title')}</PageTitle>
      <Tabs
        activeKey={way}
        onChange={(key) => setWay(key as Way)}
        centered
        destroyOnHidden
        items={[
          { key: 'password', label: t('auth.login.byPassword'), children: <PasswordForm /> },
          { key: 'phone', label: t('auth.login.byPhone'), children: <PhoneForm /> },
        ]}
      />
      <nav style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to={`/user/register${carry}`} data-testid="link-register">
          {t('auth.login.register')}
        </Link>
        <Link to={`/user/alteration${carry}`} data-testid="link-alteration">
          {t('auth.login.forgotPassword')}
        </Link>
      </nav>
    </>
  );
}
