import { useEffect } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExceptionType } from '@portal/shared/logistics';
import { DictSelect } from '../../../components/dict-select.tsx';
import { ServerError } from '../../../components/server-error.tsx';
import { formRules } from '../../../lib/form-rules.ts';
import { useAddException } from '../api/exceptions.ts';
import { DESCRIPTION_MAX, ORDER_NO_MAX } from '../exception-moves.ts';

type Values = { orderNo?: string; type?: ExceptionType; description?: string };

/**
 * Registers a pending exception on any merchant's order, by the order's number (what the operator
 * reads off the parcel); `orderNo` fills the number in when the operator came from a scan.
 */
export function RegisterExceptionDialog({ open, orderNo, onClose }: { open: boolean; orderNo?: string; onClose: () => void }) {
  const { t } = useTranslation('exceptions');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddException();
  const rules = formRules(t);

  useEffect(() => {
    if (open) form.setFieldsValue({ orderNo: orderNo ?? '', type: undefined, description: '' });
  }, [open, orderNo, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values?.type) return;
    add.mutate(
      { orderNo: (values.orderNo ?? '').trim(), type: values.type, description: (values.description ?? '').trim() },
      {
        onSuccess: (created) => {
          message.success(t('register.done', { exceptionNo: created.exceptionNo }));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('register.title')}
      okText={t('register.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        add.reset();
      }}
      width={560}
      forceRender
    >
      <ServerError error={add.error} notFound={t('register.notFound', { orderNo: add.variables?.orderNo ?? '' })} />
      <Form<Values> form={form} layout="vertical" name="exceptionRegister">
        <Form.Item name="orderNo" label={t('field.orderNo')} rules={rules.requiredText(t('field.orderNo'), ORDER_NO_MAX)} extra={t('register.orderNoHelp')} required>
          <Input autoComplete="off" spellCheck={false} maxLength={ORDER_NO_MAX} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Form.Item name="type" label={t('field.type')} rules={rules.select(t('field.type'))} required>
          <DictSelect code="CollectionExceptionType" allowClear={false} placeholder={tc('components.query.selectPlaceholder', { label: t('field.type') })} data-testid="register-type" />
        </Form.Item>
        <Form.Item name="description" label={t('field.description')} rules={rules.requiredText(t('field.description'), DESCRIPTION_MAX)} required>
          <Input.TextArea rows={4} maxLength={DESCRIPTION_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
