import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { Access } from '../../../components/access.tsx';
import { failureMessage } from '../../../components/server-error.tsx';

/**
 * A row's action behind a confirmation and a permission: the call runs only once the user confirmed;
 * its refusal (409 when the record moved meanwhile) is shown as a message.
 */
export function ConfirmAction({
  code,
  label,
  title,
  description,
  okText,
  danger = false,
  pending,
  run,
  done,
  testId,
}: {
  code: string;
  label: string;
  title: string;
  description: string;
  okText?: string;
  danger?: boolean;
  pending: boolean;
  run: () => Promise<unknown>;
  done: string;
  testId: string;
}) {
  const { t } = useTranslation('finance');
  const { message } = App.useApp();
  const confirm = () =>
    run().then(
      () => void message.success(done),
      (error: unknown) => {
        const text = failureMessage(error, t('common.notFound'));
        if (text) void message.error(text);
      },
    );
  return (
    <Access code={code}>
      <Popconfirm
        title={title}
        description={description}
        okText={okText ?? label}
        cancelText={t('common.back')}
        okButtonProps={{ danger, loading: pending }}
        onConfirm={confirm}
      >
        <Button type="link" size="small" danger={danger} data-testid={testId}>
          {label}
        </Button>
      </Popconfirm>
    </Access>
  );
}
