import { useMemo, useState } from 'react';
import { Alert, Avatar, Button, Card, Col, Descriptions, Empty, Flex, Row, Skeleton, Tag } from 'antd';
import { ClampedText } from '../../../components/clamped-text.tsx';
import { richTextToPlain } from '../../../components/rich-text-view.tsx';
import { NotificationOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AnnouncementRecord } from '@portal/shared/announcement';
import { useAuth } from '../../../lib/auth.ts';
import { formatDateTime, greetingOf } from '../../../lib/format.ts';
import { menuRoutes } from '../../../lib/menu.ts';
import { storage, STORAGE_KEYS } from '../../../lib/storage.ts';
import { currentDepartName, useCurrentUserDeparts } from '../api/departs.ts';
import { useLatestAnnouncements } from '../api/announcements.ts';
import { PRIORITY_COLORS } from '../../../entities/announcement/priorities.ts';
import { LogisticsFigures, useCanSeeFigures } from '../components/logistics-figures.tsx';
import { AnnouncementOpener, useAnnouncementReader } from '../components/announcement-reader.tsx';

/** How many announcements the home page shows. */
const LATEST_COUNT = 5;
/** The user's inbox of announcements (a hidden menu entry every built-in role has). */
const ANNOUNCEMENT_LIST_PATH = '/dashboard/announcement';

function AnnouncementItem({ item, last, onOpen }: { item: AnnouncementRecord; last: boolean; onOpen: (item: AnnouncementRecord) => void }) {
  const { t } = useTranslation();
  const excerpt = useMemo(() => richTextToPlain(item.content), [item.content]);
  return (
    <article data-testid="announcement" style={{ padding: '12px 0', borderBottom: last ? undefined : '1px solid rgba(5, 5, 5, 0.06)' }}>
      <Flex justify="space-between" align="baseline" gap={12} wrap>
        <Flex align="baseline" gap={8} style={{ minWidth: 0, flex: 1 }}>
          <Tag color={PRIORITY_COLORS[item.priority]} style={{ marginInlineEnd: 0 }}>
            {t(`dashboard.priority.${item.priority}`)}
          </Tag>
          <AnnouncementOpener announcement={item} onOpen={onOpen}>
            <ClampedText strong style={{ minWidth: 0 }}>
              {item.title}
            </ClampedText>
          </AnnouncementOpener>
        </Flex>
        <ClampedText tone="secondary" style={{ fontSize: 12 }}>
          {formatDateTime(item.sendTime)}
        </ClampedText>
      </Flex>
      <ClampedText tone="secondary" lines={2} title={excerpt} style={{ margin: '6px 0 0' }}>
        {excerpt}
      </ClampedText>
    </article>
  );
}

function LatestAnnouncements() {
  const { t } = useTranslation();
  const menu = useAuth((state) => state.permissions?.menu);
  const canOpenList = useMemo(() => menuRoutes(menu ?? []).has(ANNOUNCEMENT_LIST_PATH), [menu]);
  const { data, isPending, isError, refetch } = useLatestAnnouncements(LATEST_COUNT);
  const { open, reader } = useAnnouncementReader();
  let body;
  if (isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (isError && !data)
    body = (
      <Alert
        type="warning"
        showIcon
        title={t('dashboard.loadFailed')}
        action={
          <Button size="small" onClick={() => void refetch()}>
            {t('components.table.retry')}
          </Button>
        }
      />
    );
  else if (!data || data.records.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noAnnouncements')} />;
  else body = data.records.map((item, index) => <AnnouncementItem key={item.id} item={item} last={index === data.records.length - 1} onOpen={open} />);
  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          <NotificationOutlined />
          {t('dashboard.announcements')}
        </Flex>
      }
      extra={canOpenList && <Link to={ANNOUNCEMENT_LIST_PATH}>{t('dashboard.allAnnouncements')}</Link>}
      data-testid="latest-announcements"
    >
      {body}
      {reader}
    </Card>
  );
}

/** Home (spec §2): the greeting, the user's company and department, the logistics figures and the latest announcements. */
export function AnalysisPage() {
  const { t } = useTranslation();
  const userInfo = useAuth((state) => state.userInfo);
  // the company signed in to, kept with the user at sign-in: a new tab of the browser shows it too
  const [tenantName] = useState(() => storage.get<string>(STORAGE_KEYS.tenantName));
  const departs = useCurrentUserDeparts(userInfo?.orgCode);
  const name = userInfo?.realname || userInfo?.username || '';
  const departName = currentDepartName(departs.data);
  const figures = useCanSeeFigures();

  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card>
          <Flex align="center" gap={16} wrap>
            <Avatar size={56} src={userInfo?.avatar || undefined} icon={<UserOutlined />} />
            <div style={{ minWidth: 0 }}>
              <h4 style={{ margin: 0, fontSize: 20, fontWeight: 600, lineHeight: 1.4, color: 'var(--ant-color-text-heading)' }} data-testid="home-greeting">
                {t('layout.welcome', { greeting: t(`layout.greeting.${greetingOf(new Date().getHours())}`), name })}
              </h4>
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2 }}
                style={{ marginTop: 8 }}
                items={[
                  { key: 'tenant', label: t('dashboard.tenant'), children: <span data-testid="home-tenant">{tenantName || t('dashboard.none')}</span> },
                  {
                    key: 'department',
                    label: t('dashboard.department'),
                    children: <span data-testid="home-department">{departs.isPending ? <Skeleton.Input size="small" active /> : departs.isError ? t('dashboard.none') : (departName ?? t('dashboard.noDepartment'))}</span>,
                  },
                ]}
              />
            </div>
          </Flex>
        </Card>
      </Col>
      {figures && (
        <Col span={24}>
          <LogisticsFigures />
        </Col>
      )}
      <Col span={24}>
        <LatestAnnouncements />
      </Col>
    </Row>
  );
}
