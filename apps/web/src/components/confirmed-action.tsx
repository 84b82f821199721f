import type { PermissionCode } from '@portal/shared/permissions';
import { App, Button, Popconfirm, Tooltip } from 'antd';
import { Access } from './access.tsx';
import { failureMessage } from './server-error.tsx';

/**
 * A row's action behind a permission and a confirmation: `run` (the mutation) starts only once the user
 * confirmed; `done` is said when it succeeded, its refusal (409 when the record moved meanwhile) is shown
 * as a message, `notFound` instead of the HTTP client's generic text for a 404. Texts are the caller's.
 * `hint`, when given, explains a disabled action on hover.
 */
export function ConfirmedAction({
  code,
  label,
  title,
  description,
  okText,
  cancelText,
  danger = false,
  disabled = false,
  hint,
  pending,
  run,
  done,
  notFound,
  testId,
}: {
  code: PermissionCode;
  label: string;
  title: string;
  description: string;
  okText?: string;
  cancelText: string;
  danger?: boolean;
  disabled?: boolean;
  hint?: string;
  pending: boolean;
  run: () => Promise<unknown>;
  done: string;
  notFound?: string;
  testId: string;
}) {
  const { message } = App.useApp();
  const confirm = () =>
    run().then(
      () => void message.success(done),
      (error: unknown) => {
        const text = failureMessage(error, notFound);
        if (text) void message.error(text);
      },
    );
  const action = (
    <Popconfirm
      title={title}
      description={description}
      okText={okText ?? label}
      cancelText={cancelText}
      disabled={disabled}
      okButtonProps={{ danger, loading: pending }}
      onConfirm={confirm}
    >
      <Button type="link" size="small" danger={danger} disabled={disabled} data-testid={testId}>
        {label}
      </Button>
    </Popconfirm>
  );
  return <Access code={code}>{hint === undefined ? action : <Tooltip title={hint}>{action}</Tooltip>}</Access>;
}
