import { useState } from 'react';
import { App, Button, Form, Input, Modal, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DepartNode, DepartRole } from '@portal/shared/system-departs';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ServerError } from '../../../components/server-error.tsx';
import { useAddDepartRole, useDeleteDepartRole, useDepartRoles, useEditDepartRole } from '../api/departs.ts';
import { DepartRolePermissionDrawer } from './depart-role-permission-drawer.tsx';

type Values = { roleCode: string; roleName: string; description?: string };

/** The department's roles: add, edit, delete, and what each grants (under the department's ceiling). */
export function DepartRolesTab({ depart }: { depart: DepartNode }) {
  const { t } = useTranslation('system-departs');
  const { message } = App.useApp();
  const roles = useDepartRoles(depart.id, 1, 200);
  const add = useAddDepartRole();
  const edit = useEditDepartRole();
  const remove = useDeleteDepartRole();
  const [editing, setEditing] = useState<DepartRole | 'new' | null>(null);
  const [granting, setGranting] = useState<DepartRole | null>(null);
  const [form] = Form.useForm<Values>();
  const saving = editing === 'new' ? add : edit;

  const open = (role: DepartRole | 'new') => {
    setEditing(role);
    form.setFieldsValue(role === 'new' ? { roleCode: '', roleName: '', description: '' } : role);
  };
  const submit = async () => {
    const values = await form.validateFields();
    if (editing === 'new') await add.mutateAsync({ departId: depart.id, ...values });
    else if (editing) await edit.mutateAsync({ id: editing.id, roleName: values.roleName, description: values.description ?? '' });
    void message.success(t('done.saved'));
    setEditing(null);
  };

  const columns: TableColumnsType<DepartRole> = [
    { title: t('field.roleCode'), dataIndex: 'roleCode' },
    { title: t('field.roleName'), dataIndex: 'roleName' },
    { title: t('field.description'), dataIndex: 'description' },
    { title: t('roles.users'), dataIndex: 'userCount', width: 90 },
    {
      key: 'actions',
      width: 220,
      render: (_, role) => (
        <Space size={0}>
          <Access code="system:depart:auth">
            <Button type="link" size="small" onClick={() => open(role)} data-testid={`depart-role-edit-${role.roleCode}`}>
              {t('action.edit')}
            </Button>
            <Button type="link" size="small" onClick={() => setGranting(role)} data-testid={`depart-role-permission-${role.roleCode}`}>
              {t('action.permission')}
            </Button>
          </Access>
          <ConfirmedAction
            code="system:depart:auth"
            label={t('action.delete')}
            title={t('confirm.deleteRoleTitle', { name: role.roleName })}
            description={t('confirm.deleteRoleBody')}
            cancelText={t('action.cancel')}
            danger
            pending={remove.isPending}
            run={() => remove.mutateAsync(role.id)}
            done={t('done.deleted')}
            testId={`depart-role-delete-${role.roleCode}`}
          />
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="depart-roles">
      <Access code="system:depart:auth">
        <Button type="primary" style={{ marginBottom: 12 }} onClick={() => open('new')} data-testid="depart-role-add">
          {t('action.add')}
        </Button>
      </Access>
      <Table<DepartRole> rowKey="id" size="small" loading={roles.isPending} columns={columns} dataSource={roles.data?.records ?? []} pagination={false} locale={{ emptyText: t('roles.noRoles') }} data-testid="depart-role-table" />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('action.add') : t('action.edit')}
        onCancel={() => setEditing(null)}
        afterClose={() => {
          add.reset();
          edit.reset();
        }}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={() => setEditing(null)}>
            {t('action.cancel')}
          </Button>,
          <Button key="save" type="primary" loading={saving.isPending} onClick={() => void submit().catch(() => undefined)} data-testid="depart-role-save">
            {t('action.save')}
          </Button>,
        ]}
      >
        <ServerError error={saving.error} />
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="roleCode"
            label={t('field.roleCode')}
            rules={[
              { required: true, message: t('rule.required', { field: t('field.roleCode') }) },
              { pattern: /^[A-Za-z][A-Za-z0-9_-]*$/, message: t('rule.code') },
            ]}
          >
            <Input maxLength={64} disabled={editing !== 'new'} data-testid="depart-role-code" />
          </Form.Item>
          <Form.Item name="roleName" label={t('field.roleName')} rules={[{ required: true, whitespace: true, message: t('rule.required', { field: t('field.roleName') }) }]}>
            <Input maxLength={100} data-testid="depart-role-name" />
          </Form.Item>
          <Form.Item name="description" label={t('field.description')}>
            <Input.TextArea maxLength={255} rows={2} data-testid="depart-role-description" />
          </Form.Item>
        </Form>
      </Modal>
      <DepartRolePermissionDrawer depart={depart} role={granting} onClose={() => setGranting(null)} />
    </div>
  );
}
