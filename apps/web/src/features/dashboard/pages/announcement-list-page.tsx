import { useMemo } from 'react';
import { Card, Typography } from 'antd';
import type { AnnouncementRecord } from '@portal/shared/announcement';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { listAnnouncements } from '../api/announcements.ts';
import { PRIORITY_COLORS } from '../priority.ts';
import { AnnouncementOpener, useAnnouncementReader } from '../components/announcement-reader.tsx';

const PRIORITY_OPTIONS = [
  { value: 'H', label: 'dashboard.priority.H', color: PRIORITY_COLORS.H },
  { value: 'M', label: 'dashboard.priority.M', color: PRIORITY_COLORS.M },
  { value: 'L', label: 'dashboard.priority.L', color: PRIORITY_COLORS.L },
] as const;

export const ANNOUNCEMENT_LIST: ListPageConfig<AnnouncementRecord> = {
  id: 'system-announcement',
  rowKey: 'id',
  queryKey: ['sys', 'announcement', 'listByUser', 'page'],
  fetcher: listAnnouncements,
  defaultSort: { column: 'sendTime', order: 'desc' },
  query: [
    { name: 'title', label: 'dashboard.announcement.title', type: 'input' },
    { name: 'priority', label: 'dashboard.announcement.priority', type: 'select', options: PRIORITY_OPTIONS },
    { name: 'sendTime', label: 'dashboard.announcement.sendTime', type: 'date-range', hidden: true },
  ],
  columns: [
    { dataIndex: 'title', title: 'dashboard.announcement.title', sorter: true, width: 280, render: (record) => <Typography.Text strong>{record.title}</Typography.Text> },
    { dataIndex: 'priority', title: 'dashboard.announcement.priority', sorter: true, width: 110, options: PRIORITY_OPTIONS },
    { dataIndex: 'content', title: 'dashboard.announcement.content', format: 'ellipsis' },
    { dataIndex: 'sendTime', title: 'dashboard.announcement.sendTime', sorter: true, width: 180, format: 'dateTime' },
  ],
};

/**
 * The announcements the user can read, through the list toolkit; a title opens the announcement whole
 * (the content column is cut). Managing them (add, publish, revoke, the system:announcement:* buttons)
 * comes with the system-administration issue.
 */
export function AnnouncementListPage() {
  const { open, reader } = useAnnouncementReader();
  const config = useMemo<ListPageConfig<AnnouncementRecord>>(
    () => ({
      ...ANNOUNCEMENT_LIST,
      columns: ANNOUNCEMENT_LIST.columns.map((column) =>
        'dataIndex' in column && column.dataIndex === 'title'
          ? {
              ...column,
              render: (record: AnnouncementRecord) => (
                <AnnouncementOpener announcement={record} onOpen={open}>
                  <Typography.Text strong>{record.title}</Typography.Text>
                </AnnouncementOpener>
              ),
            }
          : column,
      ),
    }),
    [open],
  );
  return (
    <Card>
      <ListPage config={config} />
      {reader}
    </Card>
  );
}
