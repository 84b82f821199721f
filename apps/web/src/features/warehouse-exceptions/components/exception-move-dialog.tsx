import { useEffect } from 'react';
import { Alert, App, Descriptions, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../components/dict-tag.tsx';
import { ServerError } from '../../../components/server-error.tsx';
import { formRules } from '../../../lib/form-rules.ts';
import { type PlatformException, useUpdateException } from '../api/exceptions.ts';
import { REMARK_MAX, type PlatformMove } from '../exception-moves.ts';

/** An exception and what the operator chose to do with it. */
export type MoveRequest = { exception: PlatformException; move: PlatformMove };

type Values = { remark?: string };

const TEXTS = {
  '2': { title: 'move.askTitle', help: 'move.askHelp', ok: 'move.ask', done: 'move.asked' },
  '3': { title: 'move.closeTitle', help: 'move.closeHelp', ok: 'move.closeOk', done: 'move.closed' },
  '4': { title: 'move.cancelTitle', help: 'move.cancelHelp', ok: 'move.cancel', done: 'move.cancelled' },
} as const;

/**
 * The confirmation of a platform move, with the platform remark: required to ask the merchant (the
 * merchant reads it), optional to close or cancel (then the last remark stays, as the server keeps it).
 */
export function ExceptionMoveDialog({ request, onClose }: { request: MoveRequest | null; onClose: () => void }) {
  const { t } = useTranslation('exceptions');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const update = useUpdateException();
  const rules = formRules(t);
  const move = request?.move ?? '3';
  const texts = TEXTS[move];
  const remarkRequired = move === '2';

  useEffect(() => {
    if (request) form.setFieldsValue({ remark: '' });
  }, [request, form]);

  const submit = async () => {
    if (!request) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    update.mutate(
      { id: request.exception.id, status: request.move, remark: (values.remark ?? '').trim() },
      {
        onSuccess: () => {
          message.success(t(texts.done));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={request !== null}
      title={request ? t(texts.title, { exceptionNo: request.exception.exceptionNo }) : ''}
      okText={t(texts.ok)}
      okButtonProps={{ danger: move === '4' }}
      cancelText={t('common.back')}
      confirmLoading={update.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        update.reset();
      }}
      width={600}
      forceRender
    >
      <ServerError error={update.error} notFound={t('move.notFound')} />
      {request && (
        <>
          <Descriptions
            size="small"
            column={1}
            style={{ marginBottom: 12 }}
            items={[
              { key: 'tenant', label: t('common.tenant'), children: request.exception.tenantName },
              { key: 'orderNo', label: t('field.orderNo'), children: request.exception.orderNo },
              { key: 'type', label: t('field.type'), children: <DictTag code="CollectionExceptionType" value={request.exception.type} /> },
              { key: 'status', label: t('field.status'), children: <DictTag code="CollectionOrderExceptionConstant" value={request.exception.status} /> },
              { key: 'description', label: t('field.description'), children: request.exception.description },
              ...(request.exception.merchantRemark ? [{ key: 'merchantRemark', label: t('field.merchantRemark'), children: request.exception.merchantRemark }] : []),
            ]}
          />
          <Alert type={move === '4' ? 'warning' : 'info'} showIcon title={t(texts.help)} style={{ marginBottom: 12 }} />
        </>
      )}
      <Form<Values> form={form} layout="vertical" name="exceptionMove">
        <Form.Item
          name="remark"
          label={t('move.remark')}
          required={remarkRequired}
          rules={remarkRequired ? rules.requiredText(t('move.remark'), REMARK_MAX) : rules.optionalText(t('move.remark'), REMARK_MAX)}
        >
          <Input.TextArea rows={3} maxLength={REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
