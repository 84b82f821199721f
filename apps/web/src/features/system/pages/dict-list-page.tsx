import { useMemo, useState } from 'react';
import { App, Button, Card, Space, Tag } from 'antd';
import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DictRecord } from '@portal/shared/system-dicts';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { DICT_LIST_KEY, listDicts, refreshDictCache, useDeleteDict } from '../api/dicts.ts';
import { DictFormDialog } from '../components/dict-form-dialog.tsx';
import { DictItemsDrawer } from '../components/dict-items-drawer.tsx';

type Open = (dict: DictRecord) => void;

function DictActions({ dict, onEdit, onItems }: { dict: DictRecord; onEdit: Open; onItems: Open }) {
  const { t } = useTranslation('system-dicts');
  const remove = useDeleteDict();
  return (
    <Space size={0}>
      <Access code="system:dict:edit">
        <Button type="link" size="small" onClick={() => onEdit(dict)} data-testid="dict-edit">
          {t('common.edit')}
        </Button>
      </Access>
      <Access code="system:dict:item">
        <Button type="link" size="small" onClick={() => onItems(dict)} data-testid="dict-items">
          {t('dict.items')}
        </Button>
      </Access>
      {!dict.builtIn && (
        <ConfirmedAction
          code="system:dict:delete"
          label={t('common.delete')}
          title={t('common.confirmTitle')}
          description={t('dict.deleteConfirm', { code: dict.dictCode })}
          cancelText={t('common.cancel')}
          danger
          pending={remove.isPending}
          run={() => remove.mutateAsync(dict.id)}
          done={t('common.deleted')}
          testId="dict-delete"
        />
      )}
    </Space>
  );
}

function NameCell({ dict }: { dict: DictRecord }) {
  const { t } = useTranslation('system-dicts');
  const language = useLanguage();
  return (
    <Space size={4}>
      {dict.dictName[language] || dict.dictName['zh-TW']}
      {dict.builtIn && (
        <Tag color="blue" title={t('dict.builtInHint')}>
          {t('dict.builtIn')}
        </Tag>
      )}
    </Space>
  );
}

function dictList(onEdit: Open, onItems: Open): ListPageConfig<DictRecord> {
  return {
    id: 'system-dict',
    rowKey: 'id',
    queryKey: DICT_LIST_KEY,
    fetcher: listDicts,
    defaultSort: { column: 'dictCode', order: 'asc' },
    query: [
      { name: 'dictCode', label: textKey('system-dicts', 'dict.code'), type: 'input' },
      { name: 'dictName', label: textKey('system-dicts', 'dict.name'), type: 'input' },
    ],
    columns: [
      { dataIndex: 'dictCode', title: textKey('system-dicts', 'dict.code'), sorter: true, width: 230, phone: true },
      { key: 'name', title: textKey('system-dicts', 'dict.name'), width: 220, phone: true, render: (dict) => <NameCell dict={dict} /> },
      { dataIndex: 'description', title: textKey('system-dicts', 'dict.description'), format: 'ellipsis', width: 220 },
      { dataIndex: 'itemCount', title: textKey('system-dicts', 'dict.itemCount'), width: 90, align: 'right' },
      { dataIndex: 'updatedAt', title: textKey('system-dicts', 'dict.updatedAt'), format: 'dateTime', sorter: true, width: 170 },
      { key: 'actions', title: textKey('system-dicts', 'common.actions'), fixed: 'right', width: 200, phone: true, render: (dict) => <DictActions dict={dict} onEdit={onEdit} onItems={onItems} /> },
    ],
  };
}

/** spec §7: refleshCache, then 刷新缓存完成！ or the warning 刷新缓存失败！; the header's "clear cache" fetches this user's own copy. */
function RefreshButton() {
  const { t } = useTranslation('system-dicts');
  const { message } = App.useApp();
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      await refreshDictCache();
      message.success(t('dict.refreshed'));
    } catch {
      message.warning(t('dict.refreshFailed'));
    } finally {
      setPending(false);
    }
  };
  return (
    <Access code="system:dict:refresh">
      <Button icon={<SyncOutlined />} loading={pending} onClick={() => void run()} data-testid="dict-refresh">
        {t('dict.refresh')}
      </Button>
    </Access>
  );
}

/** The data dictionary: global dictionaries and their items in three languages, administered by the platform. */
export function DictListPage() {
  const { t } = useTranslation('system-dicts');
  const [dialog, setDialog] = useState<{ dict: DictRecord | null } | null>(null);
  const [itemsOf, setItemsOf] = useState<DictRecord | null>(null);
  const config = useMemo(
    () =>
      dictList(
        (dict) => setDialog({ dict }),
        (dict) => setItemsOf(dict),
      ),
    [],
  );
  return (
    <Card>
      <ListPage
        config={config}
        toolbar={
          <Space wrap data-testid="dict-toolbar">
            <Access code="system:dict:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ dict: null })} data-testid="dict-add">
                {t('common.add')}
              </Button>
            </Access>
            <RefreshButton />
          </Space>
        }
      />
      <DictFormDialog open={dialog !== null} dict={dialog?.dict ?? null} onClose={() => setDialog(null)} />
      <DictItemsDrawer dict={itemsOf} onClose={() => setItemsOf(null)} />
    </Card>
  );
}
