import { useMemo, useState } from 'react';
import { Button, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ONLINE_FORM_PATH_PREFIX, type FormRecordDefinition } from '@portal/shared/online';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { FORM_LIST_KEY, listForms, useDeleteForm, usePublishForm, useRollbackForm } from '../api/forms.ts';
import { FormEditorDrawer } from './form-editor-drawer.tsx';
import { HistoryDrawer, type HistoryTarget } from './history-drawer.tsx';
import { LocalTitle } from './local-title.tsx';
import { PublishDialog, type PublishTarget } from './publish-dialog.tsx';
import { PublishedTag } from './report-list-tab.tsx';

type Handlers = { edit: (record: FormRecordDefinition) => void; history: (record: FormRecordDefinition) => void; publish: (record: FormRecordDefinition) => void };

function FormActions({ record, on }: { record: FormRecordDefinition; on: Handlers }) {
  const { t } = useTranslation('online-dev');
  const remove = useDeleteForm();
  return (
    <Space size={0} wrap>
      <Access code="system:online:edit">
        <Button type="link" size="small" onClick={() => on.edit(record)} data-testid="form-edit">
          {t('common.edit')}
        </Button>
      </Access>
      <Button type="link" size="small" onClick={() => on.history(record)} data-testid="form-history">
        {t('common.history')}
      </Button>
      <Access code="system:online:edit">
        <Button type="link" size="small" onClick={() => on.publish(record)} data-testid="form-publish">
          {t('common.publish')}
        </Button>
      </Access>
      <ConfirmedAction
        code="system:online:delete"
        label={t('common.delete')}
        title={t('common.confirmTitle')}
        description={t('form.deleteConfirm', { code: record.code })}
        cancelText={t('common.cancel')}
        danger
        pending={remove.isPending}
        run={() => remove.mutateAsync(record.id)}
        done={t('common.deleted')}
        testId="form-delete"
      />
    </Space>
  );
}

function formList(on: Handlers): ListPageConfig<FormRecordDefinition> {
  return {
    id: 'online-form-designer',
    rowKey: 'id',
    queryKey: FORM_LIST_KEY,
    fetcher: listForms,
    urlFilters: false,
    query: [
      { name: 'code', label: textKey('online-dev', 'common.code'), type: 'input' },
      { name: 'name', label: textKey('online-dev', 'common.title'), type: 'input' },
    ],
    columns: [
      { dataIndex: 'code', title: textKey('online-dev', 'common.code'), width: 180, phone: true },
      { dataIndex: 'titles', title: textKey('online-dev', 'common.title'), width: 200, phone: true, render: (record) => <LocalTitle titles={record.titles} /> },
      { dataIndex: 'rowCount', title: textKey('online-dev', 'form.rowCount'), width: 100, align: 'right', format: 'count' },
      { dataIndex: 'version', title: textKey('online-dev', 'common.version'), width: 80, align: 'right' },
      { dataIndex: 'menuId', title: textKey('online-dev', 'common.published'), width: 100, render: (record) => <PublishedTag published={record.menuId !== null} /> },
      { dataIndex: 'updatedAt', title: textKey('online-dev', 'common.updatedAt'), format: 'dateTime', width: 170 },
      { dataIndex: 'updatedBy', title: textKey('online-dev', 'common.updatedBy'), width: 120 },
      { key: 'actions', title: textKey('online-dev', 'common.actions'), fixed: 'right', width: 260, phone: true, render: (record) => <FormActions record={record} on={on} /> },
    ],
  };
}

/** The forms designer: the list, the editor, the history with rollback and publishing. */
export function FormListTab() {
  const { t } = useTranslation('online-dev');
  const [editing, setEditing] = useState<{ record: FormRecordDefinition | null } | null>(null);
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  const [publishing, setPublishing] = useState<PublishTarget | null>(null);
  const rollback = useRollbackForm();
  const publish = usePublishForm();
  const config = useMemo(
    () =>
      formList({
        edit: (record) => setEditing({ record }),
        history: (record) => setHistory({ kind: 'form', code: record.code }),
        publish: (record) => setPublishing({ id: record.id, code: record.code, path: `${ONLINE_FORM_PATH_PREFIX}${record.code}`, titles: record.titles }),
      }),
    [],
  );
  return (
    <>
      <ListPage
        config={config}
        toolbar={
          <Access code="system:online:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null })} data-testid="form-add">
              {t('common.add')}
            </Button>
          </Access>
        }
      />
      <FormEditorDrawer open={editing !== null} record={editing?.record ?? null} onClose={() => setEditing(null)} />
      <HistoryDrawer target={history} onClose={() => setHistory(null)} rollback={(version) => (history ? rollback.mutateAsync({ code: history.code, version }) : Promise.resolve())} />
      <PublishDialog target={publishing} publish={publish} onClose={() => setPublishing(null)} />
    </>
  );
}
