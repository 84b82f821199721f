import { useEffect } from 'react';
import { App, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { CATEGORY_CODE_PATTERN, DICT_SORT_MAX, type CategoryNode } from '@portal/shared/system-dicts';
import type { Texts } from '@portal/shared/languages';
import { ServerError } from '../../../components/server-error.tsx';
import { duplicateRule, REMOTE_CHECK_DEBOUNCE_MS } from '../../../lib/remote-checks.ts';
import { useAddCategory, useEditCategory } from '../api/categories.ts';
import { TextsFields } from './texts-fields.tsx';

type Values = { code: string; name: Texts; sortOrder: number };

/** Add a category under `parent` (a top-level one without), or edit one; `onSaved` gets the parent whose children changed. */
export function CategoryFormDialog({
  open,
  parent,
  category,
  onClose,
  onSaved,
}: {
  open: boolean;
  parent: CategoryNode | null;
  category: CategoryNode | null;
  onClose: () => void;
  onSaved: (parentId: number | null) => void;
}) {
  const { t } = useTranslation('system-dicts');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddCategory();
  const edit = useEditCategory();
  const saving = category ? edit : add;

  useEffect(() => {
    if (!open) return;
    add.reset();
    edit.reset();
    form.setFieldsValue(category ? { code: category.code, name: category.name, sortOrder: category.sortOrder } : { code: '', name: { 'zh-TW': '', 'zh-CN': '', 'en-US': '' }, sortOrder: 0 });
    // reset on each opening only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, category]);

  const submit = async (values: Values) => {
    const saved = await (category ? edit.mutateAsync({ ...values, id: category.id }) : add.mutateAsync({ ...values, parentId: parent?.id ?? null }));
    message.success(t('common.saved'));
    onSaved(saved.parentId);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={category ? t('category.editTitle') : t('category.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving.isPending}
      destroyOnHidden
      okButtonProps={{ id: 'category-save' }}
    >
      <ServerError error={saving.error} />
      <Form form={form} layout="vertical" onFinish={(values) => submit(values).catch(() => undefined)} data-testid="category-form">
        {!category && (
          <Form.Item label={t('category.parent')} htmlFor="category-parent">
            <Input id="category-parent" value={parent ? `${parent.title} (${parent.code})` : t('category.root')} disabled />
          </Form.Item>
        )}
        <Form.Item
          name="code"
          label={t('category.code')}
          rules={[
            { required: true, whitespace: true, message: t('common.required', { label: t('category.code') }) },
            { pattern: CATEGORY_CODE_PATTERN, message: t('category.codeFormat') },
            duplicateRule({ tableName: 'sys_category', fieldName: 'code', dataId: category?.id }),
          ]}
          validateFirst
          validateDebounce={REMOTE_CHECK_DEBOUNCE_MS}
        >
          <Input data-testid="category-code" maxLength={64} autoComplete="off" />
        </Form.Item>
        <TextsFields name="name" label={t('category.name')} testId="category-name" />
        <Form.Item name="sortOrder" label={t('category.sortOrder')}>
          <InputNumber data-testid="category-sort" min={0} max={DICT_SORT_MAX} precision={0} style={{ width: 140 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
