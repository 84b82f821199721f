import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PlainButton } from '../../../components/plain/plain-controls.tsx';
import { PlainResult } from '../../../components/plain/plain-result.tsx';

/** Spec §2 /test/home: a page for testing, not in any menu. */
export function TestHomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PlainResult
      status="info"
      title={t('auth.testHome.title')}
      description={t('auth.testHome.description')}
      extra={<PlainButton onClick={() => void navigate('/user/login')}>{t('auth.testHome.backToLogin')}</PlainButton>}
    />
  );
}
