import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../lib/paths.ts';

/**
 * A page of the portal that the user's menu does not grant: said in the content area, with the menu
 * still there to go on, at the address asked for (to show whoever grants it).
 */
export function ForbiddenResult() {
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
