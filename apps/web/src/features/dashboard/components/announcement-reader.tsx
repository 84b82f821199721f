import { useCallback, useState, type ReactNode } from 'react';
import { Button, Flex, Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnnouncementRecord } from '@portal/shared/announcement';
import { formatDateTime } from '../../../lib/format.ts';
import { RichTextView } from '../../../components/rich-text-view.tsx';
import { useMarkAnnouncementRead } from '../api/announcements.ts';
import { PRIORITY_COLORS } from '../../../entities/announcement/priorities.ts';
import styles from './announcement-reader.module.css';

/**
 * Reading one announcement whole (the home page and the list cut them off with no way to
 * read one). `open(record)` shows it in a dialog, which holds the focus, closes on Esc and gives the
 * focus back to the title that opened it; `reader` is the dialog, to render once.
 */
export function useAnnouncementReader(): { open: (announcement: AnnouncementRecord) => void; reader: ReactNode } {
  const { t } = useTranslation();
  // kept while the dialog closes, so that its text does not vanish under the closing animation
  const [shown, setShown] = useState<AnnouncementRecord | null>(null);
  const [isOpen, setOpen] = useState(false);
  const { mutate: markRead } = useMarkAnnouncementRead();
  const open = useCallback(
    (announcement: AnnouncementRecord) => {
      setShown(announcement);
      setOpen(true);
      if (!announcement.read) markRead(announcement.id);
    },
    [markRead],
  );
  const close = () => setOpen(false);
  const reader = (
    <Modal
      open={isOpen}
      title={shown?.title}
      onCancel={close}
      footer={
        <Button type="primary" onClick={close}>
          {t('dashboard.announcement.close')}
        </Button>
      }
      width={640}
      data-testid="announcement-reader"
    >
      {shown && (
        <>
          <Flex align="center" gap={8} wrap>
            <Tag color={PRIORITY_COLORS[shown.priority]} style={{ marginInlineEnd: 0 }}>
              {t(`dashboard.priority.${shown.priority}`)}
            </Tag>
            <span style={{ color: 'var(--ant-color-text-secondary)', fontSize: 12 }}>
              {t('dashboard.announcement.sendTime')}: {formatDateTime(shown.sendTime)}
            </span>
          </Flex>
          <RichTextView html={shown.content} testId="announcement-text" style={{ marginTop: 12 }} />
        </>
      )}
    </Modal>
  );
  return { open, reader };
}

/** The title of an announcement as a button that opens the reader. */
export function AnnouncementOpener({ announcement, onOpen, children }: { announcement: AnnouncementRecord; onOpen: (announcement: AnnouncementRecord) => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={styles.opener} aria-haspopup="dialog" title={t('dashboard.announcement.read', { title: announcement.title })} onClick={() => onOpen(announcement)}>
      {children}
    </button>
  );
}
