import { Alert, App, Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { isStrongPassword } from '@portal/shared/password-rule';
import { useAuth } from '../../../lib/auth.ts';
import { BusinessError, HttpError } from '../../../lib/http.ts';
import { useUpdatePassword, type UpdatePasswordInput } from '../api/password.ts';

type Values = Omit<UpdatePasswordInput, 'username'>;

/**
 * The field a refusal of /sys/user/updatePassword belongs to: a wrong old password is the call's one
 * business failure; a 400 is about the new password (too weak, the same as the old one), the form having
 * checked everything else. Anything else (a network failure, the rate limit) belongs to no field.
 */
function fieldOf(error: Error): keyof Values | null {
  if (error instanceof BusinessError) return 'oldpassword';
  if (error instanceof HttpError && error.status === 400) return 'password';
  return null;
}

type Props = {
  open: boolean;
  /** after a change, or when the user dismisses the dialog (never when `required`) */
  onClose: () => void;
  /**
   * The change a password an administrator reset asks for (app/password-change-gate.tsx): the dialog says why
   * and cannot be dismissed, since the server answers nothing else; signing out is its one other way out.
   */
  required?: { onSignOut: () => void };
};

/**
 * Spec §2 "Dialogs" and §5 "Change password": old, new and confirmed password, with the spec's messages.
 * The password rule is in view under the new password from the start, and a refusal is shown under
 * the field it concerns.
 */
export function ChangePasswordDialog({ open, onClose, required }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const username = useAuth((state) => state.userInfo?.username);
  const [form] = Form.useForm<Values>();
  const update = useUpdatePassword();

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (!username) {
      message.warning(t('account.password.noUser'));
      return;
    }
    update.mutate(
      { username, ...values },
      {
        onSuccess: () => {
          message.success(t('account.password.success'));
          onClose();
        },
        onError: (error) => {
          // a 401 is already announced by the HTTP client, which signs out
          if (error instanceof HttpError && error.status === 401) return;
          const name = fieldOf(error);
          if (name) form.setFields([{ name, errors: [error.message] }]);
          else message.error(error.message);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t(required ? 'account.password.required.title' : 'account.password.title')}
      okText={t('account.ok')}
      cancelText={t('account.cancel')}
      confirmLoading={update.isPending}
      onOk={() => void submit()}
      afterClose={() => form.resetFields()}
      closable={!required}
      mask={required ? { closable: false } : undefined}
      keyboard={!required}
      onCancel={required ? undefined : onClose}
      footer={
        required
          ? (_, { OkBtn }) => (
              <>
                <Button onClick={required.onSignOut} data-testid="password-change-sign-out">
                  {t('account.password.required.signOut')}
                </Button>
                <OkBtn />
              </>
            )
          : undefined
      }
    >
      {required && <Alert type="warning" showIcon title={t('account.password.required.intro')} style={{ marginBottom: 16 }} />}
      <Form<Values> form={form} layout="vertical" requiredMark onFinish={() => void submit()}>
        <Form.Item name="oldpassword" label={t('account.password.oldPassword')} rules={[{ required: true, message: t('account.password.oldRequired') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('account.password.newPassword')}
          extra={t('account.password.rule')}
          dependencies={['oldpassword']}
          rules={[
            { required: true, message: t('account.password.newRequired') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) => {
                if (!value) return Promise.resolve();
                if (!isStrongPassword(value)) return Promise.reject(new Error(t('account.password.weak')));
                if (value === getFieldValue('oldpassword')) return Promise.reject(new Error(t('account.password.sameAsOld')));
                return Promise.resolve();
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          label={t('account.password.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('account.password.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('account.password.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {/* Enter in a field submits the dialog */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
