import { useMemo, useState } from 'react';
import { App, Badge, Button, Card, Tag, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AnnouncementRecord } from '@portal/shared/announcement';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig, StaticOption } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { INBOX_LIST_KEY, listInbox, useAnnouncementDetail, useMarkAllRead, useUnread } from '../api/announcements.ts';
import { AnnouncementDetailModal } from '../components/announcement-detail-modal.tsx';
import { PRIORITY_COLORS } from '../../../entities/announcement/priorities.ts';
import { OPEN_PARAM, TYPE_COLORS } from '../labels.ts';

const PRIORITY_OPTIONS: readonly StaticOption[] = (['H', 'M', 'L'] as const).map((value) => ({ value, label: textKey('announcement', `priority.${value}`), color: PRIORITY_COLORS[value] }));
const TYPE_OPTIONS: readonly StaticOption[] = (['notice', 'system'] as const).map((value) => ({ value, label: textKey('announcement', `msgType.${value}`), color: TYPE_COLORS[value] }));
const READ_OPTIONS: readonly StaticOption[] = [
  { value: 'false', label: textKey('announcement', 'readState.unread') },
  { value: 'true', label: textKey('announcement', 'readState.read') },
];

function inboxList(open: (record: AnnouncementRecord) => void, readLabel: (read: boolean) => string): ListPageConfig<AnnouncementRecord> {
  return {
    id: 'announcement-inbox',
    rowKey: 'id',
    queryKey: INBOX_LIST_KEY,
    fetcher: listInbox,
    defaultSort: { column: 'sendTime', order: 'desc' },
    query: [
      { name: 'title', label: textKey('announcement', 'field.title'), type: 'input' },
      { name: 'read', label: textKey('announcement', 'field.read'), type: 'select', options: READ_OPTIONS },
      { name: 'priority', label: textKey('announcement', 'field.priority'), type: 'select', options: PRIORITY_OPTIONS, hidden: true },
      { name: 'msgType', label: textKey('announcement', 'field.msgType'), type: 'select', options: TYPE_OPTIONS, hidden: true },
      { name: 'sendTime', label: textKey('announcement', 'field.sendTime'), type: 'date-range', hidden: true },
    ],
    columns: [
      {
        dataIndex: 'title',
        title: textKey('announcement', 'field.title'),
        sorter: true,
        phone: true,
        render: (record) => (
          <Badge dot={!record.read} offset={[6, 2]}>
            <Typography.Link strong={!record.read} onClick={() => open(record)} data-testid="inbox-title">
              {record.title}
            </Typography.Link>
          </Badge>
        ),
      },
      { dataIndex: 'msgType', title: textKey('announcement', 'field.msgType'), width: 120, options: TYPE_OPTIONS },
      { dataIndex: 'priority', title: textKey('announcement', 'field.priority'), sorter: true, width: 100, options: PRIORITY_OPTIONS },
      { dataIndex: 'sendTime', title: textKey('announcement', 'field.sendTime'), sorter: true, width: 180, format: 'dateTime' },
      {
        dataIndex: 'read',
        title: textKey('announcement', 'field.read'),
        width: 100,
        phone: true,
        render: (record) => <Tag color={record.read ? 'default' : 'blue'}>{readLabel(record.read)}</Tag>,
      },
    ],
  };
}

/**
 * The reader's inbox: what reaches the user (the platform's and the company's, by audience), unread ones
 * marked; a title opens it whole (and marks it read). `?open=<id>` (the bell's links) opens one at once.
 */
export function AnnouncementListPage() {
  const { t } = useTranslation('announcement');
  const { message } = App.useApp();
  const [shown, setShown] = useState<AnnouncementRecord | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get(OPEN_PARAM)) || null;
  const linked = useAnnouncementDetail(openId);
  const unread = useUnread();
  const markAll = useMarkAllRead();

  // one the URL names (the bell's links) is shown while the URL names it; one opened from the list, while it is open
  const modal = openId !== null ? { announcement: linked.data ?? null, open: Boolean(linked.data) } : { announcement: shown, open: isOpen };

  const close = () => {
    setOpen(false);
    if (openId !== null) {
      const next = new URLSearchParams(params);
      next.delete(OPEN_PARAM);
      setParams(next, { replace: true });
    }
  };
  const config = useMemo(
    () =>
      inboxList(
        (record) => {
          setShown(record);
          setOpen(true);
        },
        (read) => t(read ? 'readState.read' : 'readState.unread'),
      ),
    [t],
  );

  return (
    <Card>
      <ListPage
        config={config}
        toolbar={
          <Button
            icon={<CheckOutlined />}
            disabled={(unread.data?.count ?? 0) === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutateAsync().then(() => message.success(t('inbox.marked')), () => undefined)}
            data-testid="inbox-mark-all"
          >
            {t('inbox.markAllRead')}
          </Button>
        }
      />
      <AnnouncementDetailModal announcement={modal.announcement} open={modal.open} onClose={close} />
    </Card>
  );
}
