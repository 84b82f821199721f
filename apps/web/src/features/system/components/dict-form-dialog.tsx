import { useEffect } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { DICT_CODE_PATTERN } from '@portal/shared/dict-codes';
import type { DictRecord } from '@portal/shared/system-dicts';
import type { Texts } from '@portal/shared/languages';
import { ServerError } from '../../../components/server-error.tsx';
import { duplicateRule, REMOTE_CHECK_DEBOUNCE_MS } from '../../../lib/remote-checks.ts';
import { useAddDict, useEditDict } from '../api/dicts.ts';
import { TextsFields } from './texts-fields.tsx';

type Values = { dictCode: string; dictName: Texts; description: string };

/** Add or edit a dictionary; the code of one the code relies on is shown but not editable (the server refuses it, 409). */
export function DictFormDialog({ open, dict, onClose }: { open: boolean; dict: DictRecord | null; onClose: () => void }) {
  const { t } = useTranslation('system-dicts');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddDict();
  const edit = useEditDict();
  const saving = dict ? edit : add;

  useEffect(() => {
    if (!open) return;
    add.reset();
    edit.reset();
    form.setFieldsValue(dict ? { dictCode: dict.dictCode, dictName: dict.dictName, description: dict.description } : { dictCode: '', dictName: { 'zh-TW': '', 'zh-CN': '', 'en-US': '' }, description: '' });
    // reset on each opening only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, dict]);

  const submit = async (values: Values) => {
    await (dict ? edit.mutateAsync({ ...values, id: dict.id }) : add.mutateAsync(values));
    message.success(t('common.saved'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={dict ? t('dict.editTitle') : t('dict.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving.isPending}
      destroyOnHidden
      okButtonProps={{ id: 'dict-save' }}
    >
      <ServerError error={saving.error} />
      <Form form={form} layout="vertical" onFinish={(values) => submit(values).catch(() => undefined)} data-testid="dict-form">
        <Form.Item
          name="dictCode"
          label={t('dict.code')}
          extra={dict?.builtIn ? t('dict.builtInHint') : undefined}
          rules={[
            { required: true, whitespace: true, message: t('common.required', { label: t('dict.code') }) },
            { pattern: DICT_CODE_PATTERN, message: t('dict.codeFormat') },
            duplicateRule({ tableName: 'sys_dict', fieldName: 'dict_code', dataId: dict?.id }),
          ]}
          validateFirst
          validateDebounce={REMOTE_CHECK_DEBOUNCE_MS}
        >
          <Input data-testid="dict-code" maxLength={64} disabled={dict?.builtIn} autoComplete="off" />
        </Form.Item>
        <TextsFields name="dictName" label={t('dict.name')} testId="dict-name" />
        <Form.Item name="description" label={t('dict.description')} rules={[{ max: 255 }]}>
          <Input.TextArea data-testid="dict-description" maxLength={255} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
