import { useState } from 'react';
import { Alert, App, Button, Drawer, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormSchemaAnswer, FormValues } from '@portal/shared/online';
import { DetailStates } from '../../../components/detail-states.tsx';
import { FormRenderer } from '../../../components/online-form/form-renderer.tsx';
import type { ControlValues } from '../../../components/online-form/form-values.ts';
import { BusinessError, HttpError } from '../../../lib/http.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useAddFormRow, useEditFormRow, useFormRow } from '../api/cgform.ts';
import { serverFieldOf } from '../server-field.ts';

/** The drawer's width by the form's columns: each column keeps about a half-screen field's room. */
const WIDTHS = { 1: 560, 2: 820, 3: 1040 } as const;

/**
 * Adds a row (`rowId` null) or edits one (loaded afresh, its version guarding the edit). A refusal that
 * names a field (a taken unique value, a value the rules refuse) is shown at the field; any other above
 * the form. The drawer stays open on a refusal so that the user can correct and send again.
 */
export function FormRowDrawer({ schema, open, rowId, onClose }: { schema: FormSchemaAnswer; open: boolean; rowId: number | null; onClose: () => void }) {
  const { t } = useTranslation('online-form');
  const language = useLanguage();
  const { message } = App.useApp();
  const [form] = Form.useForm<ControlValues>();
  const code = schema.code;
  const row = useFormRow(code, open ? rowId : null);
  const add = useAddFormRow(code);
  const edit = useEditFormRow(code);
  const saving = add.isPending || edit.isPending;
  const [failure, setFailure] = useState<string | null>(null);
  const editing = rowId !== null;

  const fail = (error: Error, values: FormValues) => {
    // a lost session is the HTTP client's to announce
    if (error instanceof HttpError && error.status === 401) return;
    const status = error instanceof HttpError ? error.status : error instanceof BusinessError ? 200 : null;
    const key = serverFieldOf(schema.definition, error.message, values, language, status);
    // only a field on screen can show it (a hidden one is not drawn)
    if (key && Object.hasOwn(form.getFieldsValue(), key)) {
      form.setFields([{ name: key, errors: [error.message] }]);
      form.scrollToField(key, { block: 'center' });
      return;
    }
    setFailure(error.message || t('saveFailed'));
  };

  const submit = (values: FormValues) => {
    setFailure(null);
    const done = () => {
      message.success(t('saved'));
      onClose();
    };
    if (editing) {
      if (!row.data) return;
      edit.mutate({ id: row.data.id, version: row.data.version, values }, { onSuccess: done, onError: (error) => fail(error, values) });
    } else {
      add.mutate(values, { onSuccess: done, onError: (error) => fail(error, values) });
    }
  };

  const close = () => {
    setFailure(null);
    onClose();
  };
  const ready = !editing || row.data !== undefined;
  return (
    <Drawer
      open={open}
      title={editing ? t('edit', { title: schema.title }) : t('add', { title: schema.title })}
      size={WIDTHS[schema.definition.layout.columns]}
      onClose={close}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={close}>{t('cancel')}</Button>
          <Button type="primary" loading={saving} disabled={!ready} onClick={() => form.submit()} data-testid="online-form-save">
            {t('save')}
          </Button>
        </Space>
      }
      data-testid="online-form-drawer"
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} role="alert" data-testid="online-form-failure" />}
      {editing && !row.data ? (
        <DetailStates pending={row.isPending} failed={row.isError} onRetry={() => void row.refetch()} />
      ) : (
        // a new renderer per opening: a drawer opened again while still closing would keep the last row's values
        <FormRenderer key={String(open)} definition={schema.definition} dictOptions={schema.dictOptions} form={form} rowId={rowId ?? undefined} values={row.data?.values} onSubmit={submit} disabled={saving} />
      )}
    </Drawer>
  );
}
