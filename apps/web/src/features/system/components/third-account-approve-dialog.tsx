import { useState } from 'react';
import { App, Form, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ThirdAccountRecord } from '@portal/shared/third-login';
import { ServerError } from '../../../components/server-error.tsx';
import { useApproveThirdAccount, useBindCandidates } from '../api/third-accounts.ts';

/** Binds a pending (or rejected) identity to a user the administrator picks from any tenant. */
export function ThirdAccountApproveDialog({ account, onClose }: { account: ThirdAccountRecord | null; onClose: () => void }) {
  const { t } = useTranslation('system-sso');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ userId: number }>();
  const [keyword, setKeyword] = useState('');
  const open = account !== null;
  // the identity's own e-mail is the likeliest match: its users come first
  const candidates = useBindCandidates(keyword, account?.email ?? null, open);
  const approve = useApproveThirdAccount();

  const submit = async ({ userId }: { userId: number }) => {
    if (!account) return;
    await approve.mutateAsync({ id: account.id, userId });
    message.success(t('approve.done'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('approve.title')}
      okText={t('approve.submit')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={approve.isPending}
      destroyOnHidden
      okButtonProps={{ id: 'third-account-approve-submit' }}
    >
      <ServerError error={approve.error} />
      <Typography.Paragraph>{t('approve.intro', { name: account?.displayName ?? '', email: account?.email ?? '-' })}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => submit(values).catch(() => undefined)} data-testid="third-account-approve-form">
        <Form.Item name="userId" label={t('approve.user')} rules={[{ required: true, message: t('approve.userRequired') }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            placeholder={t('approve.searchPlaceholder')}
            loading={candidates.isFetching}
            data-testid="third-account-approve-user"
            options={(candidates.data ?? []).map((user) => ({
              value: user.id,
              label: `${user.username}${user.realname ? ` (${user.realname})` : ''} · ${user.tenantName}${user.email ? ` · ${user.email}` : ''}`,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
