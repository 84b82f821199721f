import { useEffect, useState } from 'react';
import { Alert, App, Button, Descriptions, Form, Input, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlatformTokenRecord } from '@portal/shared/purchase-token';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ServerError } from '../../../components/server-error.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useAuthorizePlatform, useDeletePlatformApp, useRefreshPlatformToken, useSavePlatformApp } from '../api/platform-tokens.ts';

type FormValues = { appKey: string; appSecret: string; redirectUri: string };

const STATUS_COLORS: Record<PlatformTokenRecord['status'], string> = { UNSET: 'default', UNAUTHORIZED: 'orange', ACTIVE: 'green', EXPIRED: 'red' };

/** Leaves for the platform's authorize page (a test replaces it: happy-dom does not navigate). */
export const goTo = { url: (url: string) => window.location.assign(url) };

/**
 * One platform's app and tokens: what is stored (never the secret or a token), the warning when the refresh
 * token runs out soon or the last refresh failed, the form (the secret write-only), Authorize, Refresh, Delete.
 */
export function PlatformTokenPanel({ record, canStoreSecrets, suggestedRedirectUri }: { record: PlatformTokenRecord; canStoreSecrets: boolean; suggestedRedirectUri: string }) {
  const { t } = useTranslation('purchase-config');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSavePlatformApp();
  const authorize = useAuthorizePlatform();
  const refresh = useRefreshPlatformToken();
  const remove = useDeletePlatformApp();
  const platform = record.platform;
  const configured = record.status !== 'UNSET';
  const [failure, setFailure] = useState<unknown>(null);

  // the form shows what is stored; the secret field always starts empty (it is never sent back)
  useEffect(() => {
    form.setFieldsValue({ appKey: '', appSecret: '', redirectUri: record.redirectUri || suggestedRedirectUri });
  }, [form, record.redirectUri, suggestedRedirectUri]);

  const when = (value: string | null) => (value ? formatDateTime(value) : t('none'));
  const warning = record.warning ? t(`warning.${record.warning}`, { date: when(record.refreshExpiresAt), reason: record.lastRefreshError }) : null;

  const onSave = async (values: FormValues) => {
    setFailure(null);
    try {
      await save.mutateAsync({ platform, appKey: values.appKey.trim(), appSecret: values.appSecret, redirectUri: values.redirectUri.trim() });
      form.setFieldValue('appSecret', '');
      void message.success(t('saved'));
    } catch (error) {
      setFailure(error);
    }
  };
  const onAuthorize = async () => {
    setFailure(null);
    try {
      const { url } = await authorize.mutateAsync(platform);
      goTo.url(url);
    } catch (error) {
      setFailure(error);
    }
  };
  const onRefresh = async () => {
    setFailure(null);
    try {
      await refresh.mutateAsync(platform);
      void message.success(t('refreshed'));
    } catch (error) {
      // the warning shows too, after the reload
      setFailure(error);
    }
  };

  return (
    <div data-testid={`token-panel-${platform}`}>
      <ServerError error={failure} />
      {warning && <Alert type="warning" showIcon title={warning} style={{ marginBottom: 16 }} data-testid={`token-warning-${platform}`} role="alert" />}
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        style={{ marginBottom: 24 }}
        items={[
          { key: 'status', label: t('field.status'), children: <Tag color={STATUS_COLORS[record.status]} data-testid={`token-status-${platform}`}>{t(`status.${record.status}`)}</Tag> },
          { key: 'appKey', label: t('field.appKey'), children: record.appKeyMasked || t('none') },
          { key: 'appSecret', label: t('field.appSecret'), children: record.appSecretSet ? t('secretSet') : t('secretUnset') },
          { key: 'accountName', label: t('field.accountName'), children: record.accountName || t('none') },
          { key: 'authorizedAt', label: t('field.authorizedAt'), children: when(record.authorizedAt) },
          { key: 'accessExpiresAt', label: t('field.accessExpiresAt'), children: when(record.accessExpiresAt) },
          { key: 'refreshExpiresAt', label: t('field.refreshExpiresAt'), children: when(record.refreshExpiresAt) },
          { key: 'lastRefreshAt', label: t('field.lastRefreshAt'), children: when(record.lastRefreshAt) },
          ...(record.lastRefreshError ? [{ key: 'lastRefreshError', label: t('field.lastRefreshError'), children: record.lastRefreshError }] : []),
        ]}
      />
      <Access code="config:taobao-global-token:edit">
        <Form<FormValues> form={form} name={`token-${platform}`} layout="vertical" onFinish={(values) => void onSave(values)} style={{ maxWidth: 640 }} disabled={!canStoreSecrets}>
          <Form.Item name="appKey" label={t('field.appKey')} rules={[{ required: true, whitespace: true, message: t('appKeyRequired') }, { max: 64 }]} extra={configured ? t('appKeyCurrent', { key: record.appKeyMasked }) : undefined}>
            <Input autoComplete="off" maxLength={64} />
          </Form.Item>
          <Form.Item name="appSecret" label={t('field.appSecret')} extra={t('secretHelp')} rules={configured ? [] : [{ required: true, message: t('secretPlaceholderUnset') }]}>
            <Input.Password autoComplete="new-password" maxLength={200} placeholder={record.appSecretSet ? t('secretPlaceholderSet') : t('secretPlaceholderUnset')} visibilityToggle={false} />
          </Form.Item>
          <Form.Item name="redirectUri" label={t('field.redirectUri')} extra={t('redirectHelp')} rules={[{ required: true, whitespace: true, message: t('redirectRequired') }, { type: 'url' }, { max: 500 }]}>
            <Input autoComplete="off" maxLength={500} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid={`token-save-${platform}`}>
            {t('save')}
          </Button>
        </Form>
      </Access>
      <Space wrap style={{ marginTop: 24 }}>
        <Access code="config:taobao-global-token:authorize">
          <Tooltip title={t('authorizeHint')}>
            <Button onClick={() => void onAuthorize()} disabled={!configured || !canStoreSecrets} loading={authorize.isPending} data-testid={`token-authorize-${platform}`}>
              {t('authorize')}
            </Button>
          </Tooltip>
        </Access>
        <Access code="config:taobao-global-token:refresh">
          <Button onClick={() => void onRefresh()} disabled={record.status === 'UNSET' || record.status === 'UNAUTHORIZED'} loading={refresh.isPending} data-testid={`token-refresh-${platform}`}>
            {t('refresh')}
          </Button>
        </Access>
        <ConfirmedAction
          code="config:taobao-global-token:delete"
          label={t('delete')}
          title={t('deleteTitle')}
          description={t('deleteDescription')}
          cancelText={t('cancel')}
          danger
          disabled={!configured}
          pending={remove.isPending}
          run={() => remove.mutateAsync(platform)}
          done={t('deleted')}
          testId={`token-delete-${platform}`}
        />
      </Space>
    </div>
  );
}
