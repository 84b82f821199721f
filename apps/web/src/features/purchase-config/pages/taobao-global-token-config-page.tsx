import { useEffect, useRef, useState } from 'react';
import { Alert, App, Card, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PURCHASE_PLATFORMS, type PurchasePlatform } from '@portal/shared/purchase';
import { ServerError } from '../../../components/server-error.tsx';
import { useCompleteAuthorization, usePlatformTokens } from '../api/platform-tokens.ts';
import { PlatformTokenPanel } from '../components/platform-token-panel.tsx';

/**
 * The platforms' token configuration (menu /config/taobao-global-token): Taobao and 1688 in tabs. It is
 * also the redirect URI the platforms send the authorisation back to (?code=…&state=…): the page posts
 * them once, then drops them from the address.
 */
export function TaobaoGlobalTokenConfigPage() {
  const { t } = useTranslation('purchase-config');
  const { message } = App.useApp();
  const tokens = usePlatformTokens();
  const complete = useCompleteAuthorization();
  const [search, setSearch] = useSearchParams();
  const [tab, setTab] = useState<PurchasePlatform>('TAOBAO');
  const posted = useRef(false);

  const code = search.get('code');
  const state = search.get('state');
  useEffect(() => {
    if (!code || !state || posted.current) return;
    posted.current = true;
    setSearch({}, { replace: true });
    complete.mutateAsync({ code, state }).then(
      (record) => {
        setTab(record.platform);
        void message.success(t('authorized'));
      },
      // shown below (an expired or used state, the platform's refusal)
      () => undefined,
    );
  }, [code, state, complete, message, setSearch, t]);

  const overview = tokens.data;
  const suggestedRedirectUri = overview ? `${window.location.origin}${overview.suggestedRedirectPath}` : '';
  return (
    <Card data-testid="token-config-page">
      <ServerError error={complete.error} />
      {complete.isPending && <Alert type="info" showIcon title={t('authorizing')} style={{ marginBottom: 16 }} />}
      {overview && <Alert type={overview.mode === 'demo' ? 'info' : 'success'} showIcon title={t(`mode.${overview.mode}`)} style={{ marginBottom: 16 }} data-testid="token-mode" />}
      {overview && !overview.canStoreSecrets && <Alert type="error" showIcon title={t('noSecretKey')} style={{ marginBottom: 16 }} data-testid="token-no-key" role="alert" />}
      {!overview ? (
        <Spin />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as PurchasePlatform)}
          items={PURCHASE_PLATFORMS.map((platform) => {
            const record = overview.records.find((entry) => entry.platform === platform);
            return {
              key: platform,
              label: t(`platform.${platform}`),
              children: record ? <PlatformTokenPanel record={record} canStoreSecrets={overview.canStoreSecrets} suggestedRedirectUri={suggestedRedirectUri} /> : null,
            };
          })}
        />
      )}
    </Card>
  );
}
