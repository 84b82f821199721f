import { useMemo, useState } from 'react';
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Flex, List, Popover, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { UnreadItem } from '@portal/shared/announcement';
import { useAuth } from '../../../lib/auth.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { menuRoutes } from '../../../lib/menu.ts';
import { useMarkAllRead, useUnread } from '../api/announcements.ts';
import { PRIORITY_COLORS } from '../../../entities/announcement/priorities.ts';
import { INBOX_PATH, OPEN_PARAM } from '../labels.ts';

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

/**
 * The header's bell: the count of unread announcements, live (the stream, without a reload), and on a
 * click the newest unread ones, "mark all read" and the way to the inbox.
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const { data } = useUnread();
  const markAll = useMarkAllRead();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const menu = useAuth((state) => state.permissions?.menu);
  const hasInbox = useMemo(() => menuRoutes(menu ?? []).has(INBOX_PATH), [menu]);
  const count = data?.count ?? 0;
  const latest = data?.latest ?? [];

  const openItem = (item: UnreadItem) => {
    setOpen(false);
    if (hasInbox) navigate(`${INBOX_PATH}?${OPEN_PARAM}=${item.id}`);
  };

  const content = (
    <div style={{ width: 320, maxWidth: 'calc(100vw - 32px)' }} data-testid="notice-popover">
      {latest.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layout.notices.empty')} />
      ) : (
        <List size="small" dataSource={latest} rowKey="id" renderItem={(item) => <UnreadRow item={item} onOpen={openItem} />} />
      )}
      <Flex justify="space-between" align="center" style={{ borderTop: '1px solid var(--ant-color-border-secondary)', paddingTop: 8, marginTop: 4 }}>
        <Button size="small" type="text" disabled={count === 0} loading={markAll.isPending} onClick={() => markAll.mutate()} data-testid="notice-mark-all">
          {t('layout.notices.markAllRead')}
        </Button>
        {hasInbox && (
          <Link to={INBOX_PATH} onClick={() => setOpen(false)} data-testid="notice-view-all">
            {t('layout.notices.viewAll')}
          </Link>
        )}
      </Flex>
    </div>
  );

  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" placement="bottomRight" title={t('layout.notices.title')} content={content} arrow={false}>
      <Button type="text" aria-label={t('layout.notices.open', { count })} data-testid="notice-bell" style={{ display: 'flex', alignItems: 'center' }}>
        <Badge count={count} size="small" overflowCount={99} data-testid="notice-count">
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
