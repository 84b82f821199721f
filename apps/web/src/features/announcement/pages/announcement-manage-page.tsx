import { PLATFORM_TENANT } from '@portal/shared/tenant';
import { useMemo, useState } from 'react';
import { Button, Card, Modal, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AnnouncementManageRecord } from '@portal/shared/announcement';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { RichTextView } from '../../../components/rich-text-view.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig, StaticOption } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { useAuth } from '../../../lib/auth.ts';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { listManaged, MANAGE_LIST_KEY, useDeleteAnnouncement, usePublishAnnouncement, useRevokeAnnouncement } from '../api/announcements.ts';
import { AnnouncementFormDrawer } from '../components/announcement-form-drawer.tsx';
import { PRIORITY_COLORS } from '../../../entities/announcement/priorities.ts';
import { STATUS_COLORS, TYPE_COLORS } from '../labels.ts';

const PRIORITY_OPTIONS: readonly StaticOption[] = (['H', 'M', 'L'] as const).map((value) => ({ value, label: textKey('announcement', `priority.${value}`), color: PRIORITY_COLORS[value] }));
const TYPE_OPTIONS: readonly StaticOption[] = (['notice', 'system'] as const).map((value) => ({ value, label: textKey('announcement', `msgType.${value}`), color: TYPE_COLORS[value] }));
const STATUS_OPTIONS: readonly StaticOption[] = (['0', '1', '2'] as const).map((value) => ({ value, label: textKey('announcement', `status.${value}`), color: STATUS_COLORS[value] }));
const AUDIENCE_OPTIONS: readonly StaticOption[] = (['ALL', 'TENANT', 'DEPART', 'USER'] as const).map((value) => ({ value, label: textKey('announcement', `audience.${value}`) }));

type Handlers = { onEdit: (record: AnnouncementManageRecord) => void; onPreview: (record: AnnouncementManageRecord) => void };

function Actions({ record, onEdit }: { record: AnnouncementManageRecord; onEdit: (record: AnnouncementManageRecord) => void }) {
  const { t } = useTranslation('announcement');
  const publish = usePublishAnnouncement();
  const revoke = useRevokeAnnouncement();
  const remove = useDeleteAnnouncement();
  const published = record.sendStatus === '1';
  return (
    <Space size={0} wrap>
      {!published && (
        <Access code="system:announcement:edit">
          <Button type="link" size="small" onClick={() => onEdit(record)} data-testid="announcement-edit">
            {t('common.edit')}
          </Button>
        </Access>
      )}
      {published ? (
        <ConfirmedAction
          code="system:announcement:revoke"
          label={t('manage.revoke')}
          title={t('common.confirmTitle')}
          description={t('manage.revokeConfirm', { title: record.title })}
          cancelText={t('common.cancel')}
          danger
          pending={revoke.isPending}
          run={() => revoke.mutateAsync(record.id)}
          done={t('manage.revoked')}
          testId="announcement-revoke"
        />
      ) : (
        <ConfirmedAction
          code="system:announcement:publish"
          label={t('manage.publish')}
          title={t('common.confirmTitle')}
          description={t('manage.publishConfirm', { title: record.title })}
          cancelText={t('common.cancel')}
          pending={publish.isPending}
          run={() => publish.mutateAsync(record.id)}
          done={t('manage.published')}
          testId="announcement-publish"
        />
      )}
      {!published && (
        <ConfirmedAction
          code="system:announcement:delete"
          label={t('common.delete')}
          title={t('common.confirmTitle')}
          description={t('manage.deleteConfirm', { title: record.title })}
          cancelText={t('common.cancel')}
          danger
          pending={remove.isPending}
          run={() => remove.mutateAsync(record.id)}
          done={t('common.deleted')}
          testId="announcement-delete"
        />
      )}
    </Space>
  );
}

function manageList({ onEdit, onPreview }: Handlers): ListPageConfig<AnnouncementManageRecord> {
  return {
    id: 'announcement-manage',
    rowKey: 'id',
    queryKey: MANAGE_LIST_KEY,
    fetcher: listManaged,
    defaultSort: { column: 'createdAt', order: 'desc' },
    query: [
      { name: 'title', label: textKey('announcement', 'field.title'), type: 'input' },
      { name: 'sendStatus', label: textKey('announcement', 'field.sendStatus'), type: 'select', options: STATUS_OPTIONS },
      { name: 'priority', label: textKey('announcement', 'field.priority'), type: 'select', options: PRIORITY_OPTIONS, hidden: true },
      { name: 'msgType', label: textKey('announcement', 'field.msgType'), type: 'select', options: TYPE_OPTIONS, hidden: true },
      { name: 'sendTime', label: textKey('announcement', 'field.sendTime'), type: 'date-range', hidden: true },
    ],
    columns: [
      {
        dataIndex: 'title',
        title: textKey('announcement', 'field.title'),
        sorter: true,
        width: 260,
        phone: true,
        render: (record) => (
          <Typography.Link onClick={() => onPreview(record)} data-testid="announcement-preview">
            {record.title}
          </Typography.Link>
        ),
      },
      { dataIndex: 'msgType', title: textKey('announcement', 'field.msgType'), width: 120, options: TYPE_OPTIONS },
      { dataIndex: 'priority', title: textKey('announcement', 'field.priority'), sorter: true, width: 90, options: PRIORITY_OPTIONS },
      { dataIndex: 'audience', title: textKey('announcement', 'field.audience'), width: 130, options: AUDIENCE_OPTIONS },
      { dataIndex: 'sendStatus', title: textKey('announcement', 'field.sendStatus'), width: 100, options: STATUS_OPTIONS, phone: true },
      { dataIndex: 'sendTime', title: textKey('announcement', 'field.sendTime'), sorter: true, width: 170, format: 'dateTime' },
      { dataIndex: 'readCount', title: textKey('announcement', 'field.readCount'), width: 100, align: 'right', render: (record) => formatCount(record.readCount) },
      { dataIndex: 'createdAt', title: textKey('announcement', 'field.createdAt'), sorter: true, width: 170, format: 'dateTime', defaultHidden: true },
      { key: 'actions', title: textKey('announcement', 'common.actions'), fixed: 'right', width: 170, phone: true, render: (record) => <Actions record={record} onEdit={onEdit} /> },
    ],
  };
}

/**
 * Announcement management: the tenant's own in every state (the platform's, for the platform). Drafts and
 * revoked ones are edited, published or deleted; published ones are revoked first.
 */
export function AnnouncementManagePage() {
  const { t } = useTranslation('announcement');
  const platform = useAuth((state) => state.userInfo?.tenantId === PLATFORM_TENANT);
  const [drawer, setDrawer] = useState<{ record: AnnouncementManageRecord | null } | null>(null);
  const [preview, setPreview] = useState<AnnouncementManageRecord | null>(null);
  const config = useMemo(() => manageList({ onEdit: (record) => setDrawer({ record }), onPreview: setPreview }), []);
  return (
    <Card>
      <ListPage
        config={config}
        toolbar={
          <Access code="system:announcement:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ record: null })} data-testid="announcement-add">
              {t('common.add')}
            </Button>
          </Access>
        }
      />
      <AnnouncementFormDrawer open={drawer !== null} record={drawer?.record ?? null} platform={platform} onClose={() => setDrawer(null)} />
      <Modal open={preview !== null} title={preview?.title} onCancel={() => setPreview(null)} footer={null} width={720} data-testid="announcement-preview-modal">
        {preview && (
          <>
            <Space wrap style={{ marginBottom: 12 }}>
              <Tag color={STATUS_COLORS[preview.sendStatus]}>{t(`status.${preview.sendStatus}`)}</Tag>
              <Tag color={PRIORITY_COLORS[preview.priority]}>{t(`priority.${preview.priority}`)}</Tag>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('field.sendTime')}: {formatDateTime(preview.sendTime)}
              </Typography.Text>
            </Space>
            <RichTextView html={preview.content} />
          </>
        )}
      </Modal>
    </Card>
  );
}
