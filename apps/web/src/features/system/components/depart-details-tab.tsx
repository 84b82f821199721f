import { useEffect } from 'react';
import { App, Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DepartNode } from '@portal/shared/system-departs';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ServerError } from '../../../components/server-error.tsx';
import { useCan } from '../../../lib/permissions.ts';
import { useDeleteDepart, useDepartMembers, useEditDepart } from '../api/departs.ts';

type Values = { departName: string; sortNo: number; headUserIds: number[] };

/** A department's details: name, sort order and heads (chosen among its members); deleting it. */
export function DepartDetailsTab({ depart, onDeleted }: { depart: DepartNode; onDeleted: () => void }) {
  const { t } = useTranslation('system-departs');
  const { message } = App.useApp();
  const can = useCan();
  const edit = useEditDepart();
  const remove = useDeleteDepart();
  const members = useDepartMembers(depart.id, 1, 200);
  const [form] = Form.useForm<Values>();
  const readOnly = !can('system:depart:edit');

  useEffect(() => {
    form.setFieldsValue({ departName: depart.departName, sortNo: depart.sortNo, headUserIds: depart.heads.map((h) => h.userId) });
    edit.reset();
    // reset when another department is chosen, not when its data refreshes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [depart.id, form]);

  const save = async () => {
    const values = await form.validateFields();
    await edit.mutateAsync({ id: depart.id, departName: values.departName, sortNo: values.sortNo, headUserIds: values.headUserIds });
    void message.success(t('done.saved'));
  };

  return (
    <div data-testid="depart-details">
      <ServerError error={edit.error} notFound={t('notFound')} />
      <Form form={form} layout="vertical" disabled={readOnly} style={{ maxWidth: 520 }}>
        <Form.Item label={t('field.orgCode')} htmlFor="depart-org-code">
          <Input id="depart-org-code" value={depart.orgCode} disabled data-testid="depart-org-code" />
        </Form.Item>
        <Form.Item name="departName" label={t('field.departName')} rules={[{ required: true, whitespace: true, max: 100, message: t('rule.required', { field: t('field.departName') }) }]}>
          <Input maxLength={100} data-testid="depart-name" />
        </Form.Item>
        <Form.Item name="sortNo" label={t('field.sortNo')}>
          <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} data-testid="depart-sort" />
        </Form.Item>
        <Form.Item name="headUserIds" label={t('field.heads')}>
          <Select
            mode="multiple"
            allowClear
            loading={members.isPending}
            optionFilterProp="label"
            options={(members.data?.records ?? []).map((m) => ({ value: m.id, label: m.realname ? `${m.realname} (${m.username})` : m.username }))}
            data-testid="depart-heads"
          />
        </Form.Item>
      </Form>
      <Space>
        <Access code="system:depart:edit">
          <Button type="primary" loading={edit.isPending} onClick={() => void save().catch(() => undefined)} data-testid="depart-save">
            {t('action.save')}
          </Button>
        </Access>
        <ConfirmedAction
          code="system:depart:delete"
          label={t('action.delete')}
          title={t('confirm.deleteTitle', { name: depart.departName })}
          description={t('confirm.deleteBody')}
          cancelText={t('action.cancel')}
          danger
          pending={remove.isPending}
          run={() => remove.mutateAsync(depart.id).then(onDeleted)}
          done={t('done.deleted')}
          notFound={t('notFound')}
          testId="depart-delete"
        />
      </Space>
    </div>
  );
}
