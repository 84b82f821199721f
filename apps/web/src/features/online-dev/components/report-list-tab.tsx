import { useMemo, useState } from 'react';
import { Button, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ONLINE_REPORT_PATH_PREFIX, type ReportDataSet, type ReportRecord } from '@portal/shared/online';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { listReports, REPORT_LIST_KEY, useDataSets, useDeleteReport, usePublishReport, useRollbackReport } from '../api/reports.ts';
import { HistoryDrawer, type HistoryTarget } from './history-drawer.tsx';
import { LocalTitle } from './local-title.tsx';
import { PublishDialog, type PublishTarget } from './publish-dialog.tsx';
import { ReportEditorDrawer } from './report-editor-drawer.tsx';
import { ReportPreview } from './report-preview.tsx';

type Handlers = { edit: (report: ReportRecord) => void; history: (report: ReportRecord) => void; publish: (report: ReportRecord) => void; preview: (report: ReportRecord) => void };

function ReportActions({ report, on }: { report: ReportRecord; on: Handlers }) {
  const { t } = useTranslation('online-dev');
  const remove = useDeleteReport();
  return (
    <Space size={0} wrap>
      <Access code="system:online:edit">
        <Button type="link" size="small" onClick={() => on.edit(report)} data-testid="report-edit">
          {t('common.edit')}
        </Button>
      </Access>
      <Button type="link" size="small" onClick={() => on.history(report)} data-testid="report-history">
        {t('common.history')}
      </Button>
      <Access code="system:online:edit">
        <Button type="link" size="small" onClick={() => on.publish(report)} data-testid="report-publish">
          {t('common.publish')}
        </Button>
      </Access>
      <Access code="system:online:preview">
        <Button type="link" size="small" onClick={() => on.preview(report)} data-testid="report-preview">
          {t('common.preview')}
        </Button>
      </Access>
      {!report.builtIn && (
        <ConfirmedAction
          code="system:online:delete"
          label={t('common.delete')}
          title={t('common.confirmTitle')}
          description={t('report.deleteConfirm', { code: report.code })}
          cancelText={t('common.cancel')}
          danger
          pending={remove.isPending}
          run={() => remove.mutateAsync(report.id)}
          done={t('common.deleted')}
          testId="report-delete"
        />
      )}
    </Space>
  );
}

function reportList(on: Handlers): ListPageConfig<ReportRecord> {
  return {
    id: 'online-report-designer',
    rowKey: 'id',
    queryKey: REPORT_LIST_KEY,
    fetcher: listReports,
    urlFilters: false,
    query: [
      { name: 'code', label: textKey('online-dev', 'common.code'), type: 'input' },
      { name: 'name', label: textKey('online-dev', 'common.title'), type: 'input' },
    ],
    columns: [
      { dataIndex: 'code', title: textKey('online-dev', 'common.code'), width: 180, phone: true, render: (report) => (
        <Space size={4}>
          {report.code}
          {report.builtIn && <Tag><BuiltInText /></Tag>}
        </Space>
      ) },
      { dataIndex: 'titles', title: textKey('online-dev', 'common.title'), width: 200, phone: true, render: (report) => <LocalTitle titles={report.titles} /> },
      { dataIndex: 'dataSet', title: textKey('online-dev', 'report.dataSet'), width: 140, render: (report) => <DataSetText id={report.dataSet} /> },
      { dataIndex: 'version', title: textKey('online-dev', 'common.version'), width: 80, align: 'right' },
      { dataIndex: 'menuId', title: textKey('online-dev', 'common.published'), width: 100, render: (report) => <PublishedTag published={report.menuId !== null} /> },
      { dataIndex: 'updatedAt', title: textKey('online-dev', 'common.updatedAt'), format: 'dateTime', width: 170 },
      { dataIndex: 'updatedBy', title: textKey('online-dev', 'common.updatedBy'), width: 120 },
      { key: 'actions', title: textKey('online-dev', 'common.actions'), fixed: 'right', width: 300, phone: true, render: (report) => <ReportActions report={report} on={on} /> },
    ],
  };
}

function BuiltInText() {
  const { t } = useTranslation('online-dev');
  return <>{t('report.builtIn')}</>;
}

/** The data set's name, from the designer's catalogue (its code until that has come). */
function DataSetText({ id }: { id: ReportDataSet }) {
  const language = useLanguage();
  const dataSets = useDataSets();
  return <>{dataSets.data?.find((set) => set.id === id)?.titles[language] ?? id}</>;
}

export function PublishedTag({ published }: { published: boolean }) {
  const { t } = useTranslation('online-dev');
  return published ? <Tag color="green">{t('common.published')}</Tag> : <Tag>{t('common.notPublished')}</Tag>;
}

/** The reports designer: the list, the editor, the history with rollback, publishing and preview. */
export function ReportListTab() {
  const { t } = useTranslation('online-dev');
  const [editing, setEditing] = useState<{ report: ReportRecord | null } | null>(null);
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  const [publishing, setPublishing] = useState<PublishTarget | null>(null);
  const [previewing, setPreviewing] = useState<ReportRecord | null>(null);
  const rollback = useRollbackReport();
  const publish = usePublishReport();
  const config = useMemo(
    () =>
      reportList({
        edit: (report) => setEditing({ report }),
        history: (report) => setHistory({ kind: 'report', code: report.code }),
        publish: (report) => setPublishing({ id: report.id, code: report.code, path: `${ONLINE_REPORT_PATH_PREFIX}${report.code}`, titles: report.titles }),
        preview: setPreviewing,
      }),
    [],
  );
  return (
    <>
      <ListPage
        config={config}
        toolbar={
          <Access code="system:online:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ report: null })} data-testid="report-add">
              {t('common.add')}
            </Button>
          </Access>
        }
      />
      <ReportEditorDrawer open={editing !== null} report={editing?.report ?? null} onClose={() => setEditing(null)} />
      <HistoryDrawer target={history} onClose={() => setHistory(null)} rollback={(version) => (history ? rollback.mutateAsync({ code: history.code, version }) : Promise.resolve())} />
      <PublishDialog target={publishing} publish={publish} onClose={() => setPublishing(null)} />
      <ReportPreview report={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}
