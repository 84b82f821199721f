import { useEffect } from 'react';
import { App, Descriptions, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExceptionResolution } from '@portal/shared/logistics';
import type { ExceptionRecord } from '@portal/shared/logistics-schemas';
import { DictSelect } from '../../../components/dict-select.tsx';
import { DictTag } from '../../../components/dict-tag.tsx';
import { ServerError } from '../../../components/server-error.tsx';
import { useDealException } from '../api/exceptions.ts';
import { shippingRules } from '../form-rules.ts';

/** exceptionDealInput's remark limit. */
const REMARK_MAX = 1000;

type Values = { resolution?: ExceptionResolution; remark?: string };

/** The merchant decides what becomes of the goods (ExceptionResolution) and may explain; the exception is then handled. */
export function ExceptionDealDialog({ exception, onClose }: { exception: ExceptionRecord | null; onClose: () => void }) {
  const { t } = useTranslation('shipping');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const deal = useDealException();
  const rules = shippingRules(t);

  useEffect(() => {
    if (exception) form.setFieldsValue({ resolution: undefined, remark: '' });
  }, [exception, form]);

  const submit = async () => {
    if (!exception) return;
    const values = await form.validateFields().catch(() => null);
    if (!values?.resolution) return;
    deal.mutate(
      { id: exception.id, resolution: values.resolution, remark: values.remark?.trim() ?? '' },
      {
        onSuccess: () => {
          message.success(t('exception.dealt'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={exception !== null}
      title={exception ? t('exception.dealTitle', { exceptionNo: exception.exceptionNo }) : ''}
      okText={t('exception.deal')}
      cancelText={t('common.cancel')}
      confirmLoading={deal.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        deal.reset();
      }}
      width={640}
      forceRender
    >
      <ServerError error={deal.error} />
      {exception && (
        <Descriptions
          size="small"
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'orderNo', label: t('exception.orderNo'), children: exception.orderNo },
            { key: 'type', label: t('exception.type'), children: <DictTag code="CollectionExceptionType" value={exception.type} /> },
            { key: 'description', label: t('exception.description'), children: exception.description },
            ...(exception.platformRemark ? [{ key: 'platformRemark', label: t('exception.platformRemark'), children: exception.platformRemark }] : []),
          ]}
        />
      )}
      <Form<Values> form={form} layout="vertical" name="exceptionDeal">
        <Form.Item name="resolution" label={t('exception.resolution')} rules={rules.select(t('exception.resolution'))} required>
          <DictSelect code="ExceptionResolution" allowClear={false} placeholder={tc('components.query.selectPlaceholder', { label: t('exception.resolution') })} data-testid="deal-resolution" />
        </Form.Item>
        <Form.Item name="remark" label={t('exception.merchantRemark')} rules={rules.optionalText(t('exception.merchantRemark'), REMARK_MAX)}>
          <Input.TextArea rows={3} maxLength={REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
