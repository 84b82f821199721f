import { useEffect, type ReactNode } from 'react';
import { App, Button, Drawer, Form, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerError } from './server-error.tsx';

/**
 * On each opening: the last save's state and the last values go, then the record's (or a new one's)
 * values come. The drawers stay mounted (forceRender), so nothing else would clear them.
 */
export function useFillOnOpen<T>(open: boolean, record: unknown, form: FormInstance<T>, mutations: readonly { reset: () => void }[], values: () => T) {
  useEffect(() => {
    if (!open) return;
    for (const mutation of mutations) mutation.reset();
    form.resetFields();
    form.setFieldsValue(values());
    // on an opening or another record only: the mutations and the values function are new each render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, record]);
}

export type EditorDrawerProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  size: number;
  /** the save of the add or the edit: its progress and its refusal */
  saving: { isPending: boolean; error: unknown };
  /**
   * checks and saves; answers whether it saved, and then the drawer says so and closes: true says "Saved",
   * a text says that instead (what was added, by its name). A refusal stays in `saving`, shown above the form.
   */
  onSave: () => Promise<boolean | string>;
  saveTestId: string;
  /** placed before Cancel and Save */
  tools?: ReactNode;
  afterOpenChange?: (open: boolean) => void;
  'data-testid': string;
  /** the name of the form whose own submit (Enter in its one field) saves as Save does */
  submitForm?: string;
  children: ReactNode;
};

/** An add or edit form in a drawer: Cancel and Save at the top, the server's refusal above the form; it stays mounted. */
export function EditorDrawer({ saving, onSave, saveTestId, tools, submitForm, children, ...drawer }: EditorDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = async () => {
    const saved = await onSave();
    if (saved === false) return;
    void message.success(saved === true ? t('components.editorDrawer.saved') : saved);
    drawer.onClose();
  };
  return (
    <Drawer
      {...drawer}
      forceRender
      extra={
        <Space>
          {tools}
          <Button onClick={drawer.onClose}>{t('components.editorDrawer.cancel')}</Button>
          <Button type="primary" loading={saving.isPending} onClick={() => void save()} data-testid={saveTestId}>
            {t('components.editorDrawer.save')}
          </Button>
        </Space>
      }
    >
      <ServerError error={saving.error} />
      <Form.Provider onFormFinish={(name) => (name === submitForm ? void save() : undefined)}>{children}</Form.Provider>
    </Drawer>
  );
}
