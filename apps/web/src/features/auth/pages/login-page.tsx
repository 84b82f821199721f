import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth.ts';
import { useLogin, type LoginInput } from '../api/login.ts';

/** Where to go after signing in: the redirect query, if it is a path of this portal. */
export function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/user/') ? value : '/dashboard/analysis';
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const signedIn = useAuth((state) => state.signedIn);
  const login = useLogin();

  const onFinish = (values: LoginInput) =>
    login.mutate(values, {
      onSuccess: (result) => {
        signedIn({ ...result, tenantName: result.tenantList.find((tenant) => tenant.id === result.userInfo.tenantId)?.name });
        navigate(safeRedirect(search.get('redirect')), { replace: true });
      },
    });

  return (
    <Card title={t('auth.login.title')} style={{ maxWidth: 380, margin: '0 auto' }}>
      {login.error && <Alert type="error" showIcon title={login.error.message} style={{ marginBottom: 16 }} data-testid="login-error" />}
      <Form<LoginInput> layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item name="username" label={t('auth.login.username')} rules={[{ required: true, whitespace: true, message: t('auth.login.usernameRequired') }]}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('auth.login.password')} rules={[{ required: true, message: t('auth.login.passwordRequired') }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {t('auth.login.submit')}
        </Button>
      </Form>
    </Card>
  );
}
