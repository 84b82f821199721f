import { useEffect, useState } from 'react';
import { App, Button, Drawer, Form, Input, Modal, Popconfirm, Radio, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DATA_RULE_RESOURCES,
  fieldTypeOf,
  LIST_OPERATORS,
  OPERATORS_BY_TYPE,
  VALUELESS_OPERATORS,
  VARIABLES_BY_TYPE,
  type DataRuleOperator,
  type DataRuleRecord,
  type DataRuleResource,
  type DataRuleVariable,
} from '@portal/shared/system-data-rules';
import { ServerError } from '../../../components/server-error.tsx';
import { useAddRule, useDeleteRule, useEditRule, useMenuRules } from '../api/data-rules.ts';

type Values = { ruleName: string; field: string; operator: DataRuleOperator; valueKind: 'value' | 'variable'; value: string; status: boolean };

/** A rule in words: "Creator's department equals Current department". */
export function useRuleText() {
  const { t } = useTranslation('system-data-rules');
  return (rule: Pick<DataRuleRecord, 'field' | 'operator' | 'valueKind' | 'value'>) => {
    const field = t(`fields.${rule.field}` as 'fields.status', { defaultValue: rule.field });
    const operator = t(`operators.${rule.operator}` as 'operators.eq', { defaultValue: rule.operator });
    if ((VALUELESS_OPERATORS as readonly string[]).includes(rule.operator)) return `${field} ${operator}`;
    const value = rule.valueKind === 'variable' ? `{${t(`variables.${rule.value}` as 'variables.today', { defaultValue: rule.value })}}` : rule.value;
    return `${field} ${operator} ${value}`;
  };
}

/** Add or edit one rule: the field from the menu's allow-list, then the operators and variables that field takes. */
function RuleFormDialog({ open, resource, permissionId, rule, onClose }: { open: boolean; resource: DataRuleResource; permissionId: number; rule: DataRuleRecord | null; onClose: () => void }) {
  const { t } = useTranslation('system-data-rules');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddRule();
  const edit = useEditRule();
  const saving = rule ? edit : add;
  const field = Form.useWatch('field', form);
  const operator = Form.useWatch('operator', form);
  const valueKind = Form.useWatch('valueKind', form);
  const type = field ? fieldTypeOf(resource, field) : null;
  const operators = type ? OPERATORS_BY_TYPE[type] : [];
  const valueless = operator !== undefined && VALUELESS_OPERATORS.includes(operator);
  const variables = (type ? VARIABLES_BY_TYPE[type] : []).filter((variable: DataRuleVariable) => variable !== 'myOrgCodes' || (operator !== undefined && LIST_OPERATORS.includes(operator)));

  useEffect(() => {
    if (!open) return;
    add.reset();
    edit.reset();
    form.setFieldsValue(
      rule
        ? { ruleName: rule.ruleName, field: rule.field, operator: rule.operator as DataRuleOperator, valueKind: rule.valueKind as Values['valueKind'], value: rule.value, status: rule.status === 1 }
        : { ruleName: '', field: undefined, operator: undefined, valueKind: 'value', value: '', status: true },
    );
    // reset on each opening only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, rule]);

  const submit = async (values: Values) => {
    const input = { permissionId, ruleName: values.ruleName, field: values.field, operator: values.operator, valueKind: valueless ? 'value' : values.valueKind, value: valueless ? '' : (values.value ?? ''), status: values.status ? 1 : 0 } as const;
    await (rule ? edit.mutateAsync({ ...input, id: rule.id }) : add.mutateAsync(input));
    message.success(t('drawer.saved'));
    onClose();
  };

  const label = (key: 'ruleName' | 'field' | 'operator' | 'value' | 'variable') => t(`form.${key}`);
  return (
    <Modal
      open={open}
      title={rule ? t('form.editTitle') : t('form.addTitle')}
      okText={t('drawer.save')}
      cancelText={t('drawer.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving.isPending}
      destroyOnHidden
      okButtonProps={{ ...({ 'data-testid': 'data-rule-save' } as object) }}
    >
      <ServerError error={saving.error} />
      <Form form={form} layout="vertical" onFinish={(values) => submit(values).catch(() => undefined)} data-testid="data-rule-form">
        <Form.Item name="ruleName" label={label('ruleName')} rules={[{ required: true, whitespace: true, message: t('form.required', { label: label('ruleName') }) }, { max: 100 }]}>
          <Input data-testid="data-rule-name" maxLength={100} />
        </Form.Item>
        <Form.Item name="field" label={label('field')} rules={[{ required: true, message: t('form.choose', { label: label('field') }) }]}>
          <Select
            virtual={false}
            data-testid="data-rule-field"
            options={Object.keys(DATA_RULE_RESOURCES[resource]).map((key) => ({ value: key, label: t(`fields.${key}` as 'fields.status') }))}
            onChange={() => form.setFieldsValue({ operator: undefined, value: '' })}
          />
        </Form.Item>
        <Form.Item name="operator" label={label('operator')} rules={[{ required: true, message: t('form.choose', { label: label('operator') }) }]}>
          <Select virtual={false} data-testid="data-rule-operator" disabled={!type} options={operators.map((op) => ({ value: op, label: t(`operators.${op}`) }))} />
        </Form.Item>
        {valueless ? null : (
          <>
            <Form.Item name="valueKind" label={t('form.valueKind')}>
              <Radio.Group data-testid="data-rule-value-kind" onChange={() => form.setFieldsValue({ value: '' })}>
                <Radio value="value" data-testid="data-rule-kind-value">
                  {t('form.kindValue')}
                </Radio>
                <Radio value="variable" data-testid="data-rule-kind-variable">
                  {t('form.kindVariable')}
                </Radio>
              </Radio.Group>
            </Form.Item>
            {valueKind === 'variable' ? (
              <Form.Item name="value" label={label('variable')} rules={[{ required: true, message: t('form.choose', { label: label('variable') }) }]}>
                <Select virtual={false} data-testid="data-rule-variable" options={variables.map((v) => ({ value: v, label: t(`variables.${v}`) }))} />
              </Form.Item>
            ) : (
              <Form.Item
                name="value"
                label={label('value')}
                extra={operator && LIST_OPERATORS.includes(operator) ? t('form.listHint') : type === 'date' ? t('form.dateHint') : undefined}
                rules={[{ required: true, whitespace: true, message: t('form.required', { label: label('value') }) }, { max: 500 }]}
              >
                <Input data-testid="data-rule-value" maxLength={500} />
              </Form.Item>
            )}
          </>
        )}
        <Form.Item name="status" label={t('form.status')} valuePropName="checked">
          <Switch data-testid="data-rule-status" checkedChildren={t('drawer.on')} unCheckedChildren={t('drawer.off')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The tenant's rules of one menu: list, add, edit, delete (docs/decisions/0016-data-rules.md). */
export function DataRuleDrawer({ open, permissionId, resource, title, onClose }: { open: boolean; permissionId: number; resource: DataRuleResource; title: string; onClose: () => void }) {
  const { t } = useTranslation('system-data-rules');
  const { message } = App.useApp();
  const rules = useMenuRules(open ? permissionId : undefined);
  const remove = useDeleteRule();
  const text = useRuleText();
  const [editing, setEditing] = useState<DataRuleRecord | null | undefined>(undefined);

  return (
    <Drawer open={open} onClose={onClose} title={t('drawer.title', { menu: title })} size="large" destroyOnHidden data-testid="data-rule-drawer">
      <Typography.Paragraph type="secondary">{t('drawer.intro')}</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setEditing(null)} data-testid="data-rule-add">
          {t('drawer.add')}
        </Button>
      </Space>
      <ServerError error={rules.error} />
      <Table<DataRuleRecord>
        rowKey="id"
        size="small"
        loading={rules.isLoading}
        dataSource={rules.data ?? []}
        pagination={false}
        locale={{ emptyText: rules.isLoading ? ' ' : t('drawer.empty') }}
        data-testid="data-rule-table"
        onRow={(rule) => ({ 'data-testid': `data-rule-row-${rule.id}` }) as object}
        columns={[
          { key: 'name', title: t('form.ruleName'), dataIndex: 'ruleName' },
          { key: 'rule', title: t('form.field'), render: (_, rule) => text(rule) },
          { key: 'status', title: t('form.status'), width: 80, render: (_, rule) => (rule.status === 1 ? <Tag color="green">{t('drawer.on')}</Tag> : <Tag>{t('drawer.off')}</Tag>) },
          {
            key: 'actions',
            title: t('drawer.actions'),
            width: 140,
            render: (_, rule) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(rule)} data-testid={`data-rule-edit-${rule.id}`}>
                  {t('drawer.edit')}
                </Button>
                <Popconfirm
                  title={t('drawer.deleteConfirm', { name: rule.ruleName })}
                  okText={t('drawer.delete')}
                  cancelText={t('drawer.cancel')}
                  okButtonProps={{ danger: true, ...({ 'data-testid': `data-rule-delete-ok-${rule.id}` } as object) }}
                  onConfirm={() => remove.mutateAsync(rule.id).then(() => void message.success(t('drawer.deleted')), () => undefined)}
                >
                  <Button type="link" size="small" danger data-testid={`data-rule-delete-${rule.id}`}>
                    {t('drawer.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <RuleFormDialog open={editing !== undefined} resource={resource} permissionId={permissionId} rule={editing ?? null} onClose={() => setEditing(undefined)} />
    </Drawer>
  );
}
