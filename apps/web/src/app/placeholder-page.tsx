import { ApiOutlined, CheckCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Layout, Result, Segmented, Tag, type ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@portal/shared/languages';
import { LANGUAGE_NAMES, changeLanguage, useLanguage } from '../lib/i18n.ts';
import { useServerStatus, type ServerStatus } from './server-status.ts';

const LANGUAGE_OPTIONS = LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }));

const RESULT_STATUS: Record<ServerStatus['state'], ResultProps['status']> = {
  checking: 'info',
  ready: 'success',
  down: 'warning',
};

/** Stands in for the portal until the real shell (layouts, login, menus) arrives. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const status = useServerStatus();

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Content>
        <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 16 }}>
          <Card style={{ width: '100%', maxWidth: 640 }}>
            <Flex justify="flex-end">
              <Segmented<Language>
                aria-label={t('language')}
                options={LANGUAGE_OPTIONS}
                value={language}
                onChange={(value) => void changeLanguage(value)}
              />
            </Flex>
            <Result
              status={RESULT_STATUS[status.state]}
              title={<h1 style={{ margin: 0, font: 'inherit' }}>{t('productTitle')}</h1>}
              subTitle={t('slogan')}
              extra={
                <Flex vertical align="center" gap="middle">
                  <ServerStatusTag status={status} />
                  <Button type="link" href="/api/docs" icon={<ApiOutlined />}>
                    {t('apiDocs')}
                  </Button>
                </Flex>
              }
            />
          </Card>
        </Flex>
      </Layout.Content>
    </Layout>
  );
}

function ServerStatusTag({ status }: { status: ServerStatus }) {
  const { t } = useTranslation();
  const common = { 'data-testid': 'server-status', 'data-state': status.state };
  switch (status.state) {
    case 'checking':
      return (
        <Tag {...common} color="processing" icon={<SyncOutlined spin />}>
          {t('status.checking')}
        </Tag>
      );
    case 'ready':
      return (
        <Tag {...common} color="success" icon={<CheckCircleOutlined />}>
          {t('status.ready', { database: status.database })}
        </Tag>
      );
    case 'down':
      return (
        <Tag {...common} color="error" icon={<CloseCircleOutlined />} title={status.detail}>
          {t('status.down')}
        </Tag>
      );
  }
}
