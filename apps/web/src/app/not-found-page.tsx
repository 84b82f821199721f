import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../lib/paths.ts';
import { useDocumentTitle } from '../layouts/document-title.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('layout.pageTitles.notFound'));
  return (
    <Result
      status="404"
      title={t('layout.notFound.title')}
      subTitle={t('layout.notFound.description')}
      // a button, not a button inside a link: one stop for the keyboard, like the 403's
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {t('layout.notFound.back')}
        </Button>
      }
    />
  );
}
