import { useState } from 'react';
import { Alert, App, Button, Modal, Radio, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PasswordResetMode, UserRecord } from '@portal/shared/system-users';
import { ServerError } from '../../../components/server-error.tsx';
import { useResetUserPassword } from '../api/users.ts';

/**
 * An administrator's reset of a user's password: the server makes a strong one and either answers it
 * this once (shown here with a copy button, gone once the dialog closes) or sends it by SMS.
 */
export function UserPasswordDialog({ user, onClose }: { user: UserRecord | null; onClose: () => void }) {
  const { t } = useTranslation('system-users');
  const { message } = App.useApp();
  const reset = useResetUserPassword();
  const [mode, setMode] = useState<PasswordResetMode>('show');
  const result = reset.data;

  const copy = async (password: string) => {
    await navigator.clipboard?.writeText(password);
    message.success(t('password.copied'));
  };

  return (
    <Modal
      open={user !== null}
      title={user ? t('password.title', { username: user.username }) : ''}
      onCancel={onClose}
      afterClose={() => {
        reset.reset();
        setMode('show');
      }}
      destroyOnHidden
      footer={
        result ? (
          <Button type="primary" onClick={onClose} data-testid="user-password-close">
            {t('common.close')}
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" danger loading={reset.isPending} onClick={() => user && reset.mutate({ id: user.id, mode })} data-testid="user-password-submit">
              {t('password.submit')}
            </Button>
          </Space>
        )
      }
    >
      <ServerError error={reset.error} />
      {!result && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph>{t('password.intro')}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('password.mustChange')}</Typography.Paragraph>
          <Radio.Group value={mode} onChange={(event) => setMode(event.target.value as PasswordResetMode)} data-testid="user-password-mode">
            <Space direction="vertical">
              <Radio value="show">{t('password.modeShow')}</Radio>
              <Radio value="sms" disabled={!user?.phone}>
                {t('password.modeSms')}
              </Radio>
            </Space>
          </Radio.Group>
          {!user?.phone && <Typography.Text type="secondary">{t('password.noPhone')}</Typography.Text>}
        </Space>
      )}
      {result?.mode === 'show' && result.password && (
        <Alert
          type="warning"
          showIcon
          title={t('password.shownTitle')}
          description={
            <Space direction="vertical">
              <Space>
                <Typography.Text code copyable={false} style={{ fontSize: 18 }} data-testid="user-password-shown">
                  {result.password}
                </Typography.Text>
                <Button icon={<CopyOutlined />} onClick={() => void copy(result.password ?? '')} data-testid="user-password-copy">
                  {t('password.copy')}
                </Button>
              </Space>
              <Typography.Text type="secondary">{t('password.shownHint')}</Typography.Text>
            </Space>
          }
        />
      )}
      {result?.mode === 'sms' && <Alert type="success" showIcon title={t('password.sent', { phone: result.phone ?? '' })} data-testid="user-password-sent" />}
    </Modal>
  );
}
