import { App, Button, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DepartNode, DepartRecord } from '@portal/shared/system-departs';
import { ServerError } from '../../../components/server-error.tsx';
import { useAddDepart } from '../api/departs.ts';

type Values = { departName: string; sortNo?: number };

/** A new department under `parent` (a top one when null); the server gives it its org code. */
export function DepartAddDialog({ parent, open, onClose }: { parent: DepartNode | null; open: boolean; onClose: (added?: DepartRecord) => void }) {
  const { t } = useTranslation('system-departs');
  const { message } = App.useApp();
  const add = useAddDepart();
  const [form] = Form.useForm<Values>();

  const submit = async () => {
    const values = await form.validateFields();
    const added = await add.mutateAsync({ parentId: parent?.id ?? null, departName: values.departName, ...(values.sortNo === undefined || values.sortNo === null ? {} : { sortNo: values.sortNo }) });
    void message.success(t('done.added'));
    onClose(added);
  };

  return (
    <Modal
      open={open}
      title={parent ? t('tree.addChild') : t('tree.addTop')}
      onCancel={() => onClose()}
      footer={[
        <Button key="cancel" onClick={() => onClose()} data-testid="depart-add-cancel">
          {t('action.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={add.isPending} onClick={() => void submit().catch(() => undefined)} data-testid="depart-add-save">
          {t('action.save')}
        </Button>,
      ]}
      afterClose={() => {
        form.resetFields();
        add.reset();
      }}
      destroyOnHidden
    >
      <ServerError error={add.error} />
      <Form form={form} layout="vertical" data-testid="depart-add-form">
        {parent ? (
          <Form.Item label={t('field.parent')} htmlFor="depart-add-parent">
            <Input id="depart-add-parent" value={`${parent.departName} (${parent.orgCode})`} disabled data-testid="depart-add-parent" />
          </Form.Item>
        ) : null}
        <Form.Item name="departName" label={t('field.departName')} rules={[{ required: true, whitespace: true, max: 100, message: t('rule.required', { field: t('field.departName') }) }]}>
          <Input maxLength={100} data-testid="depart-add-name" />
        </Form.Item>
        <Form.Item name="sortNo" label={t('field.sortNo')}>
          <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} data-testid="depart-add-sort" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
