import { useEffect } from 'react';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PackageRecord } from '@portal/shared/system-tenants';
import { EditorDrawer } from '../../../components/editor-drawer.tsx';
import { formRules } from '../../../lib/form-rules.ts';
import { useAddPackage, useEditPackage } from '../api/tenant-packages.ts';

type Values = { name: string; description: string; status: 0 | 1 };
const EMPTY: Values = { name: '', description: '', status: 1 };

/** A package's name, description and status; its menus are ticked in the permission drawer. */
export function PackageFormDrawer({ open, pkg, onClose }: { open: boolean; pkg: PackageRecord | null; onClose: () => void }) {
  const { t } = useTranslation('system-tenants');
  const [form] = Form.useForm<Values>();
  const add = useAddPackage();
  const edit = useEditPackage();
  const rules = formRules(t);

  useEffect(() => {
    if (open) form.setFieldsValue(pkg ? { name: pkg.name, description: pkg.description, status: pkg.status === 1 ? 1 : 0 } : EMPTY);
  }, [open, pkg, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return false;
    const input = { name: values.name.trim(), description: values.description.trim(), status: values.status };
    return (pkg ? edit.mutateAsync({ ...input, id: pkg.id }) : add.mutateAsync(input)).then(
      () => true,
      () => false,
    );
  };

  return (
    <EditorDrawer
      open={open}
      onClose={onClose}
      size={480}
      title={pkg ? t('package.editTitle') : t('package.addTitle')}
      afterOpenChange={(visible) => {
        if (visible) return;
        form.resetFields();
        add.reset();
        edit.reset();
      }}
      saving={{ isPending: add.isPending || edit.isPending, error: add.error ?? edit.error }}
      onSave={save}
      saveTestId="package-form-save"
      submitForm="systemTenantPackage"
      data-testid="package-form"
    >
      <Form<Values> form={form} layout="vertical" name="systemTenantPackage">
        <Form.Item name="name" label={t('package.name')} required rules={rules.requiredText(t('package.name'), 100)}>
          <Input maxLength={100} data-testid="package-form-name" />
        </Form.Item>
        <Form.Item name="description" label={t('package.description')} rules={rules.optionalText(t('package.description'), 255)}>
          <Input.TextArea rows={3} maxLength={255} showCount data-testid="package-form-description" />
        </Form.Item>
        <Form.Item name="status" label={t('package.status')} extra={t('package.statusHint')}>
          <Radio.Group
            options={[
              { value: 1, label: t('package.enabled') },
              { value: 0, label: t('package.disabled') },
            ]}
            data-testid="package-form-status"
          />
        </Form.Item>
      </Form>
    </EditorDrawer>
  );
}
