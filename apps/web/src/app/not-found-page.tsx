import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH } from '../lib/paths.ts';
import { useDocumentTitle } from '../layouts/document-title.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('layout.pageTitles.notFound'));
  return (
    <Result
      status="404"
      title={t('layout.notFound.title')}
      subTitle={t('layout.notFound.description')}
      extra={
        <Link to={HOME_PATH}>
          <Button type="primary">{t('layout.notFound.back')}</Button>
        </Link>
      }
    />
  );
}
