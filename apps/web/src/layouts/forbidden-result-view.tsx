import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../lib/paths.ts';

/** The refusal itself (forbidden-result.tsx loads it when a page is refused). */
export function ForbiddenResultView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      data-testid="forbidden-result"
      title={t('layout.forbidden.title')}
      subTitle={t('layout.forbidden.description')}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {t('layout.forbidden.back')}
        </Button>
      }
    />
  );
}
