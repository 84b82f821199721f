import { useMemo, useState, type Key } from 'react';
import { Button, Card, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PositionRecord } from '@portal/shared/system-org';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { ImportButton } from '../../../components/import-dialog.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { exportPositions, listPositions, POSITION_LIST_KEY, useDeletePosition, useDeletePositions, useDownloadPositionTemplate, useImportPositions } from '../api/positions.ts';
import { PositionFormDialog } from '../components/position-form-dialog.tsx';

function PositionActions({ position, onEdit }: { position: PositionRecord; onEdit: (position: PositionRecord) => void }) {
  const { t } = useTranslation('system-org');
  const remove = useDeletePosition();
  return (
    <Space size={0}>
      <Access code="system:position:edit">
        <Button type="link" size="small" onClick={() => onEdit(position)} data-testid="position-edit">
          {t('common.edit')}
        </Button>
      </Access>
      <ConfirmedAction
        code="system:position:delete"
        label={t('common.delete')}
        title={t('common.confirmTitle')}
        description={t('position.deleteConfirm', { name: position.name })}
        cancelText={t('common.cancel')}
        danger
        pending={remove.isPending}
        run={() => remove.mutateAsync(position.id)}
        done={t('common.deleted')}
        testId="position-delete"
      />
    </Space>
  );
}

function positionList(onEdit: (position: PositionRecord) => void): ListPageConfig<PositionRecord> {
  return {
    id: 'system-position',
    rowKey: 'id',
    queryKey: POSITION_LIST_KEY,
    fetcher: listPositions,
    defaultSort: { column: 'rank', order: 'asc' },
    query: [
      { name: 'code', label: textKey('system-org', 'position.code'), type: 'input' },
      { name: 'name', label: textKey('system-org', 'position.name'), type: 'input' },
    ],
    columns: [
      { dataIndex: 'code', title: textKey('system-org', 'position.code'), sorter: true, width: 160, phone: true },
      { dataIndex: 'name', title: textKey('system-org', 'position.name'), sorter: true, width: 200, phone: true },
      { dataIndex: 'rank', title: textKey('system-org', 'position.rank'), sorter: true, width: 90, align: 'right' },
      { dataIndex: 'createdAt', title: textKey('system-org', 'position.createdAt'), format: 'dateTime', sorter: true, width: 170 },
      { key: 'actions', title: textKey('system-org', 'common.actions'), fixed: 'right', width: 150, phone: true, render: (position) => <PositionActions position={position} onEdit={onEdit} /> },
    ],
  };
}

function PositionImportButton() {
  const { t } = useTranslation('system-org');
  const texts = {
    button: t('positionImport.button'),
    title: t('positionImport.title'),
    stepTemplate: t('positionImport.stepTemplate'),
    hint: t('positionImport.hint', { size: '5 MB' }),
    success: (count: number) => t('positionImport.success', { count }),
    failed: (count: number) => t('positionImport.failed', { count }),
  };
  return <ImportButton code="system:position:import" testId="position-import" texts={texts} template={useDownloadPositionTemplate()} upload={useImportPositions()} />;
}

/** Position management: the tenant's positions and their ranks (1 the highest), shown on users and in the address book. */
export function PositionListPage() {
  const { t } = useTranslation('system-org');
  const [dialog, setDialog] = useState<{ position: PositionRecord | null } | null>(null);
  const [selected, setSelected] = useState<Key[]>([]);
  const removeAll = useDeletePositions();
  const config = useMemo(() => positionList((position) => setDialog({ position })), []);
  const ids = selected.map(Number);
  return (
    <Card>
      <ListPage
        config={config}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
        toolbar={
          <Space wrap data-testid="position-toolbar">
            <Access code="system:position:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ position: null })} data-testid="position-add">
                {t('common.add')}
              </Button>
            </Access>
            <ConfirmedAction
              code="system:position:delete"
              label={t('position.batchDelete')}
              title={t('common.confirmTitle')}
              description={t('position.batchDeleteConfirm', { count: ids.length })}
              cancelText={t('common.cancel')}
              danger
              disabled={ids.length === 0}
              pending={removeAll.isPending}
              run={() => removeAll.mutateAsync(ids).then(() => setSelected([]))}
              done={t('common.deleted')}
              testId="position-batch-delete"
            />
            <PositionImportButton />
            {ids.length > 0 && <span data-testid="position-selected-count">{t('position.selected', { count: ids.length })}</span>}
          </Space>
        }
        exportSlot={(params) => (
          <ExportButton code="system:position:export" label={t('common.export')} run={() => exportPositions({ code: params.code as string | undefined, name: params.name as string | undefined })} />
        )}
      />
      <PositionFormDialog open={dialog !== null} position={dialog?.position ?? null} onClose={() => setDialog(null)} />
    </Card>
  );
}
