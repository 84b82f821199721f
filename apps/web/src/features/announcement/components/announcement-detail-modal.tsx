import { useEffect } from 'react';
import { Button, Flex, Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnnouncementRecord } from '@portal/shared/announcement';
import { RichTextView } from '../../../components/rich-text-view.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useMarkRead } from '../api/announcements.ts';
import { PRIORITY_COLORS } from '../../../entities/announcement/priorities.ts';
import { TYPE_COLORS } from '../labels.ts';

/**
 * One announcement whole: its sanitised HTML, its priority, type and time. Opening an unread one marks it
 * read (the bell's count drops at once, and in the user's other windows through the stream).
 */
export function AnnouncementDetailModal({ announcement, open, onClose }: { announcement: AnnouncementRecord | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('announcement');
  const markRead = useMarkRead();
  const id = announcement?.id;
  const unread = announcement !== null && !announcement.read;

  useEffect(() => {
    if (open && unread && id !== undefined) markRead.mutate(id);
    // once per opening of an unread one
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, id, unread]);

  return (
    <Modal
      open={open}
      title={announcement?.title}
      onCancel={onClose}
      width={720}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
      data-testid="announcement-detail"
    >
      {announcement && (
        <Flex vertical gap={12}>
          <Flex align="center" gap={8} wrap>
            <Tag color={PRIORITY_COLORS[announcement.priority]} style={{ marginInlineEnd: 0 }}>
              {t(`priority.${announcement.priority}`)}
            </Tag>
            <Tag color={TYPE_COLORS[announcement.msgType]} style={{ marginInlineEnd: 0 }}>
              {t(`msgType.${announcement.msgType}`)}
            </Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('field.sendTime')}: {formatDateTime(announcement.sendTime)}
            </Typography.Text>
          </Flex>
          <RichTextView html={announcement.content} testId="announcement-content" />
        </Flex>
      )}
    </Modal>
  );
}
