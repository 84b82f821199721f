import { useEffect } from 'react';
import { App, Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DICT_COLOR_PATTERN, DICT_SORT_MAX, type DictItemRecord } from '@portal/shared/system-dicts';
import type { Texts } from '@portal/shared/languages';
import { ServerError } from '../../../components/server-error.tsx';
import { useAddDictItem, useEditDictItem } from '../api/dict-items.ts';
import { TextsFields } from './texts-fields.tsx';

type Values = { itemValue: string; itemText: Texts; color?: string; sortOrder: number; enabled: boolean };

/**
 * Add or edit an item of a dictionary: its value, its text in three languages, a colour, an order and a
 * status. In a dictionary the code relies on (`builtIn`) the value is shown but not editable and the item
 * stays enabled; the server refuses the same (409).
 */
export function DictItemFormDialog({ open, dictId, builtIn, item, nextSort, onClose }: { open: boolean; dictId: number; builtIn: boolean; item: DictItemRecord | null; nextSort: number; onClose: () => void }) {
  const { t } = useTranslation('system-dicts');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddDictItem();
  const edit = useEditDictItem();
  const saving = item ? edit : add;

  useEffect(() => {
    if (!open) return;
    add.reset();
    edit.reset();
    form.setFieldsValue(
      item
        ? { itemValue: item.itemValue, itemText: item.itemText, color: item.color ?? '', sortOrder: item.sortOrder, enabled: item.status === 1 }
        : { itemValue: '', itemText: { 'zh-TW': '', 'zh-CN': '', 'en-US': '' }, color: '', sortOrder: nextSort, enabled: true },
    );
    // reset on each opening only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, item]);

  const submit = async ({ enabled, color, ...values }: Values) => {
    const body = { ...values, color: color?.trim() ? color.trim() : null, status: enabled ? 1 : 0 } as const;
    await (item ? edit.mutateAsync({ ...body, id: item.id }) : add.mutateAsync({ ...body, dictId }));
    message.success(t('common.saved'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={item ? t('item.editTitle') : t('item.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving.isPending}
      destroyOnHidden
      okButtonProps={{ id: 'dict-item-save' }}
    >
      <ServerError error={saving.error} />
      <Form form={form} layout="vertical" onFinish={(values) => submit(values).catch(() => undefined)} data-testid="dict-item-form">
        <Form.Item
          name="itemValue"
          label={t('item.value')}
          extra={builtIn && item ? t('item.valueLocked') : undefined}
          rules={[{ required: true, whitespace: true, message: t('common.required', { label: t('item.value') }) }, { max: 100 }]}
        >
          <Input data-testid="dict-item-value" maxLength={100} disabled={builtIn && item !== null} autoComplete="off" />
        </Form.Item>
        <TextsFields name="itemText" label={t('item.text')} testId="dict-item-text" />
        <Form.Item name="color" label={t('item.color')} extra={t('item.colorHint')} rules={[{ pattern: DICT_COLOR_PATTERN, message: t('item.colorFormat') }]}>
          <Input data-testid="dict-item-color" maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item name="sortOrder" label={t('item.sortOrder')} rules={[{ required: true, message: t('common.required', { label: t('item.sortOrder') }) }]}>
          <InputNumber data-testid="dict-item-sort" min={0} max={DICT_SORT_MAX} precision={0} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('item.status')} valuePropName="checked">
          <Switch data-testid="dict-item-enabled" checkedChildren={t('item.enabled')} unCheckedChildren={t('item.disabled')} disabled={builtIn} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
