import { useEffect } from 'react';
import { App, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { POSITION_RANK_MAX, POSITION_RANK_MIN, type PositionRecord } from '@portal/shared/system-org';
import { ServerError } from '../../../components/server-error.tsx';
import { checkPositionCode, useAddPosition, useEditPosition } from '../api/positions.ts';

type Values = { code: string; name: string; rank: number };

/** The same rule as the server's (packages/shared/src/system-org.ts): said before the server has to. */
const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Add or edit a position: the code is checked against the tenant's as the user types (409 means taken). */
export function PositionFormDialog({ open, position, onClose }: { open: boolean; position: PositionRecord | null; onClose: () => void }) {
  const { t } = useTranslation('system-org');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddPosition();
  const edit = useEditPosition();
  const saving = position ? edit : add;

  useEffect(() => {
    if (!open) return;
    add.reset();
    edit.reset();
    form.setFieldsValue(position ? { code: position.code, name: position.name, rank: position.rank } : { code: '', name: '', rank: POSITION_RANK_MIN });
    // reset on each opening only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, position]);

  const submit = async (values: Values) => {
    await (position ? edit.mutateAsync({ ...values, id: position.id }) : add.mutateAsync(values));
    message.success(t('common.saved'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={position ? t('position.editTitle') : t('position.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving.isPending}
      destroyOnHidden
      okButtonProps={{ id: 'position-save' }}
    >
      <ServerError error={saving.error} />
      <Form form={form} layout="vertical" onFinish={(values) => submit(values).catch(() => undefined)} data-testid="position-form">
        <Form.Item
          name="code"
          label={t('position.code')}
          validateDebounce={400}
          rules={[
            { required: true, whitespace: true, message: t('rules.required', { label: t('position.code') }) },
            { max: 64 },
            { pattern: CODE_PATTERN, message: t('rules.codeFormat') },
            {
              validator: async (_, value: string | undefined) => {
                const code = value?.trim() ?? '';
                if (!code || !CODE_PATTERN.test(code) || code === position?.code) return;
                if (!(await checkPositionCode(code, position?.id))) throw new Error(t('rules.codeTaken'));
              },
            },
          ]}
        >
          <Input data-testid="position-code" maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={t('position.name')} rules={[{ required: true, whitespace: true, message: t('rules.required', { label: t('position.name') }) }, { max: 100 }]}>
          <Input data-testid="position-name" maxLength={100} />
        </Form.Item>
        <Form.Item name="rank" label={t('position.rank')} extra={t('position.rankHint')} rules={[{ required: true, message: t('rules.required', { label: t('position.rank') }) }]}>
          <InputNumber data-testid="position-rank" min={POSITION_RANK_MIN} max={POSITION_RANK_MAX} precision={0} style={{ width: 120 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
