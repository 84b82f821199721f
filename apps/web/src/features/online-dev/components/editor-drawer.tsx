import { useEffect, type ReactNode } from 'react';
import { App, Button, Drawer, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerError } from '../../../components/server-error.tsx';

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
  /** checks and saves; answers whether it saved, and then the drawer says so and closes */
  onSave: () => Promise<boolean>;
  saveTestId: string;
  /** placed before Cancel and Save */
  tools?: ReactNode;
  afterOpenChange?: (open: boolean) => void;
  'data-testid': string;
  children: ReactNode;
};

/** The designer's editor drawer: Cancel and Save at the top, the server's refusal above the form. */
export function EditorDrawer({ saving, onSave, saveTestId, tools, children, ...drawer }: EditorDrawerProps) {
  const { t } = useTranslation('online-dev');
  const { message } = App.useApp();
  const save = async () => {
    if (!(await onSave())) return;
    void message.success(t('common.saved'));
    drawer.onClose();
  };
  return (
    <Drawer
      {...drawer}
      forceRender
      extra={
        <Space>
          {tools}
          <Button onClick={drawer.onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving.isPending} onClick={() => void save()} data-testid={saveTestId}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <ServerError error={saving.error} />
      {children}
    </Drawer>
  );
}
