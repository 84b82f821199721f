import { Layout, Spin, Typography } from 'antd';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TENANT_NAME_SESSION_KEY } from '../lib/storage.ts';

function tenantName(): string | null {
  try {
    return window.sessionStorage.getItem(TENANT_NAME_SESSION_KEY);
  } catch {
    return null;
  }
}

/** The public pages' frame (spec §2 "User layout"). */
export function UserLayout() {
  const { t } = useTranslation();
  const company = tenantName();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Content style={{ padding: '48px 16px' }}>
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          <Typography.Title level={2} style={{ marginBottom: 4 }}>
            {t('productTitle')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('slogan')}</Typography.Text>
          <div data-testid="company-name" style={{ marginTop: 8, minHeight: 22 }}>
            {company ? <Typography.Text>{company}</Typography.Text> : <Spin size="small" />}
          </div>
        </div>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
