import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Spec §2 /test/home: a page for testing, not in any menu. */
export function TestHomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={<h2 style={{ margin: 0, fontSize: 24, fontWeight: 600 }}>{t('auth.testHome.title')}</h2>}
      subTitle={t('auth.testHome.description')}
      style={{ padding: '8px 0' }}
      extra={<Button onClick={() => void navigate('/user/login')}>{t('auth.testHome.backToLogin')}</Button>}
    />
  );
}
