import { useCallback, useState } from 'react';
import { Card } from 'antd';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ONLINE_CODE_PATTERN, ONLINE_FORM_PATH_PREFIX, type FormRow } from '@portal/shared/online';
import { DetailStates } from '../../../components/detail-states.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { useFormSchema } from '../api/cgform.ts';
import { FormRowDrawer } from '../components/form-row-drawer.tsx';
import { FormRowList } from '../components/form-row-list.tsx';

/** The form's code: the last segment of the menu path `/online/cgform/<code>`; null for any other path. */
export function formCodeOf(pathname: string): string | null {
  if (!pathname.startsWith(ONLINE_FORM_PATH_PREFIX)) return null;
  const code = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return ONLINE_CODE_PATTERN.test(code) ? code : null;
}

/**
 * A published online form (page 'online/form'): its rows as a list page (query,
 * sort, export, import) and a drawer to add or edit a row, drawn from the form's definition. In the
 * tabbed layout the location is the tab's own, so a kept tab keeps its form.
 */
export function OnlineFormPage() {
  const { t } = useTranslation('online-form');
  const { pathname } = useLocation();
  const code = formCodeOf(pathname);
  if (!code) return <StatusMessage status="warning" title={t('noForm')} data-testid="online-form-missing" />;
  return <OnlineForm code={code} />;
}

function OnlineForm({ code }: { code: string }) {
  const schema = useFormSchema(code);
  const [drawer, setDrawer] = useState<{ open: boolean; rowId: number | null }>({ open: false, rowId: null });
  const onEdit = useCallback((row: FormRow) => setDrawer({ open: true, rowId: row.id }), []);
  if (!schema.data) return <DetailStates pending={schema.isPending} failed={schema.isError} onRetry={() => void schema.refetch()} />;
  return (
    <Card title={schema.data.title} data-testid="online-form-page">
      <FormRowList schema={schema.data} onAdd={() => setDrawer({ open: true, rowId: null })} onEdit={onEdit} />
      <FormRowDrawer schema={schema.data} open={drawer.open} rowId={drawer.rowId} onClose={() => setDrawer((current) => ({ ...current, open: false }))} />
    </Card>
  );
}
