import { lazy, Suspense, useMemo, useState } from 'react';
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UnreadItem } from '@portal/shared/announcement';
import { useAuth } from '../../../lib/auth.ts';
import { menuRoutes } from '../../../lib/menu.ts';
import { useUnread } from '../api/announcements.ts';
import { INBOX_PATH, OPEN_PARAM } from '../labels.ts';
import { NOTICE_LIST_BOX } from './notice-list-box.ts';

// the popover's list (antd List, its pagination and Select, Typography) is not on the home page's first screen:
// loaded when the bell is first opened, or as the pointer or the focus comes near it
const loadList = () => import('./notice-list.tsx');
const NoticeList = lazy(() => loadList().then((module) => ({ default: module.NoticeList })));
const preload = () => void loadList();

/**
 * The header's bell: the count of unread announcements, live (the stream, without a reload), and on a
 * click the newest unread ones, "mark all read" and the way to the inbox.
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const { data } = useUnread();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const menu = useAuth((state) => state.permissions?.menu);
  const hasInbox = useMemo(() => menuRoutes(menu ?? []).has(INBOX_PATH), [menu]);
  const count = data?.count ?? 0;

  const openItem = (item: UnreadItem) => {
    setOpen(false);
    if (hasInbox) navigate(`${INBOX_PATH}?${OPEN_PARAM}=${item.id}`);
  };

  const content = (
    <Suspense fallback={<div style={NOTICE_LIST_BOX} />}>
      <NoticeList count={count} latest={data?.latest ?? []} hasInbox={hasInbox} onOpen={openItem} onClose={() => setOpen(false)} />
    </Suspense>
  );

  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" placement="bottomRight" title={t('layout.notices.title')} content={content} arrow={false}>
      <Button
        type="text"
        aria-label={t('layout.notices.open', { count })}
        // until the count has come, the label's 0 says nothing
        aria-busy={data === undefined}
        data-testid="notice-bell"
        onPointerEnter={preload}
        onFocus={preload}
        style={{ display: 'flex', alignItems: 'center' }}
      >
        <Badge count={count} size="small" overflowCount={99} data-testid="notice-count">
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
