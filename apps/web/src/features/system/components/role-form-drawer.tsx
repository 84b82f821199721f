import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { roleCode as roleCodeSchema, type RoleRecord } from '@portal/shared/system-roles';
import { EditorDrawer } from '../../../components/editor-drawer.tsx';
import { check, formRules } from '../../../lib/form-rules.ts';
import { useSettled } from '../../../lib/use-settled.ts';
import { checkRoleCode, ROLES_KEY, useAddRole, useEditRole } from '../api/roles.ts';

type Values = { roleCode: string; roleName: string; description: string };

const EMPTY: Values = { roleCode: '', roleName: '', description: '' };

const codeValid = (code: string) => roleCodeSchema.safeParse(code).success;

/** The code as typed, asked of the server once typing pauses: 'error' when another role of the tenant has it. */
function useCodeStatus(code: string, id: number | undefined, enabled: boolean) {
  const typed = code.trim();
  const settled = useSettled(enabled ? typed : '', 400);
  const valid = settled !== '' && codeValid(settled);
  const query = useQuery({
    queryKey: [...ROLES_KEY, 'checkCode', settled, id ?? null] as const,
    queryFn: () => checkRoleCode(settled, id),
    enabled: enabled && valid,
    staleTime: 5_000,
  });
  if (!enabled || !valid) return undefined;
  if (settled !== typed || query.isFetching) return 'validating' as const;
  if (query.data === false) return 'error' as const;
  return query.data ? ('success' as const) : undefined;
}

/** A role of the tenant: its code (checked as it is typed), name and description. Its grants are the permission drawer's. */
export function RoleFormDrawer({ open, role, onClose }: { open: boolean; role: RoleRecord | null; onClose: () => void }) {
  const { t } = useTranslation('system-roles');
  const [form] = Form.useForm<Values>();
  const add = useAddRole();
  const edit = useEditRole();
  const rules = formRules(t);
  const code = (Form.useWatch('roleCode', form) as string | undefined) ?? '';
  const codeStatus = useCodeStatus(code, role?.id, open);

  useEffect(() => {
    if (open) form.setFieldsValue(role ? { roleCode: role.roleCode, roleName: role.roleName, description: role.description } : EMPTY);
  }, [open, role, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || codeStatus === 'error') return false;
    const input = { roleCode: values.roleCode.trim(), roleName: values.roleName.trim(), description: values.description.trim() };
    return (role ? edit.mutateAsync({ ...input, id: role.id }) : add.mutateAsync(input)).then(
      () => true,
      () => false,
    );
  };

  return (
    <EditorDrawer
      open={open}
      onClose={onClose}
      size={520}
      title={role ? t('role.editTitle') : t('role.addTitle')}
      afterOpenChange={(visible) => {
        if (visible) return;
        form.resetFields();
        add.reset();
        edit.reset();
      }}
      saving={{ isPending: add.isPending || edit.isPending, error: add.error ?? edit.error }}
      onSave={save}
      saveTestId="role-form-save"
      submitForm="systemRole"
      data-testid="role-form"
    >
      <Form<Values> form={form} layout="vertical" name="systemRole">
        <Form.Item
          name="roleCode"
          label={t('role.roleCode')}
          required
          rules={[...rules.requiredText(t('role.roleCode'), 64), check((value) => (value === '' || codeValid(value) ? null : t('role.codeRule')))]}
          hasFeedback // always: a feedback icon appearing while typing would take the focus away
          validateStatus={codeStatus}
          help={codeStatus === 'error' ? t('role.codeTaken') : undefined}
          extra={t('role.codeRule')}
        >
          <Input autoComplete="off" maxLength={64} data-testid="role-form-code" />
        </Form.Item>
        <Form.Item name="roleName" label={t('role.roleName')} required rules={rules.requiredText(t('role.roleName'), 100)}>
          <Input maxLength={100} data-testid="role-form-name" />
        </Form.Item>
        <Form.Item name="description" label={t('role.description')} rules={rules.optionalText(t('role.description'), 255)}>
          <Input.TextArea rows={3} maxLength={255} showCount data-testid="role-form-description" />
        </Form.Item>
      </Form>
    </EditorDrawer>
  );
}
