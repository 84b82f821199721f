import { Button, Empty, Flex, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UnreadItem } from '@portal/shared/announcement';
import { formatDateTime } from '../../../lib/format.ts';
import { useMarkAllRead } from '../api/announcements.ts';
import { PRIORITY_COLORS } from '../../../entities/announcement/priorities.ts';
import { INBOX_PATH } from '../labels.ts';
import { NOTICE_LIST_BOX } from './notice-list-box.ts';

function UnreadRow({ item, onOpen }: { item: UnreadItem; onOpen: (item: UnreadItem) => void }) {
  const { t } = useTranslation();
  return (
    <List.Item style={{ padding: '8px 0' }}>
      <Flex vertical gap={2} style={{ minWidth: 0, width: '100%' }}>
        <Flex align="center" gap={6} style={{ minWidth: 0 }}>
          <Tag color={PRIORITY_COLORS[item.priority]} style={{ marginInlineEnd: 0 }}>
            {t(`dashboard.priority.${item.priority}`)}
          </Tag>
          <Typography.Link ellipsis onClick={() => onOpen(item)} style={{ minWidth: 0, flex: 1 }} data-testid="notice-item">
            {item.title}
          </Typography.Link>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatDateTime(item.sendTime)}
        </Typography.Text>
      </Flex>
    </List.Item>
  );
}

type Props = {
  count: number;
  latest: UnreadItem[];
  hasInbox: boolean;
  onOpen: (item: UnreadItem) => void;
  onClose: () => void;
};

/** The bell's popover: the newest unread announcements, "mark all read" and the way to the inbox. */
export function NoticeList({ count, latest, hasInbox, onOpen, onClose }: Props) {
  const { t } = useTranslation();
  const markAll = useMarkAllRead();
  return (
    <div style={NOTICE_LIST_BOX} data-testid="notice-popover">
      {latest.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layout.notices.empty')} />
      ) : (
        <List size="small" dataSource={latest} rowKey="id" renderItem={(item) => <UnreadRow item={item} onOpen={onOpen} />} />
      )}
      <Flex justify="space-between" align="center" style={{ borderTop: '1px solid var(--ant-color-border-secondary)', paddingTop: 8, marginTop: 4 }}>
        <Button size="small" type="text" disabled={count === 0} loading={markAll.isPending} onClick={() => markAll.mutate()} data-testid="notice-mark-all">
          {t('layout.notices.markAllRead')}
        </Button>
        {hasInbox && (
          <Link to={INBOX_PATH} onClick={onClose} data-testid="notice-view-all">
            {t('layout.notices.viewAll')}
          </Link>
        )}
      </Flex>
    </div>
  );
}
