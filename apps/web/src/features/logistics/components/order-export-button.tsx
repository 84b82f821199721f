import { useRef, useState } from 'react';
import { Alert, App, Button, Flex, Modal, Progress, Spin, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { skipToken, useQuery, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXPORT_ROWS_MAX, LIST_COUNT_CAP } from '@portal/shared/logistics';
import type { Page } from '../../../components/list-page/list-config.ts';
import { formatBytes, formatCount } from '../../../lib/format.ts';
import type { DownloadedFile, DownloadProgress } from '../../../lib/http.ts';
import type { OrderQuery } from '../order-params.ts';

export type ExportFn = (query: OrderQuery, signal: AbortSignal, onProgress: (progress: DownloadProgress) => void) => Promise<DownloadedFile>;

type Run = { count: number; progress: DownloadProgress | null; failure: string | null };

/**
 * Export of what the list shows (its filters and sort). Before calling, it says how many rows will
 * come (the list's total) and refuses more than EXPORT_ROWS_MAX; while the file streams in, a dialog
 * shows how much has arrived and can stop it.
 */
export function OrderExportButton({ listKey, query, run: exportFn, exactCount }: { listKey: QueryKey; query: OrderQuery; run: ExportFn; exactCount?: number }) {
  const { t } = useTranslation('logistics');
  const { message, modal } = App.useApp();
  // the list's own answer for these parameters, from the cache: read, never fetched from here
  const list = useQuery<Page<unknown>>({ queryKey: listKey, queryFn: skipToken });
  // a list counts no further than LIST_COUNT_CAP: at that figure the exact count, when the caller has one, decides
  const listed = list.data?.total;
  const total = listed !== undefined && listed >= LIST_COUNT_CAP && exactCount !== undefined ? exactCount : listed;
  const [run, setRun] = useState<Run | null>(null);
  const controller = useRef<AbortController | null>(null);

  const start = async (count: number) => {
    const abort = new AbortController();
    controller.current = abort;
    setRun({ count, progress: null, failure: null });
    try {
      const { fileName } = await exportFn(query, abort.signal, (progress) => setRun((current) => (current ? { ...current, progress } : current)));
      message.success(t('export.done', { fileName }));
      setRun(null);
    } catch (error) {
      if (abort.signal.aborted) {
        message.info(t('export.stopped'));
        setRun(null);
        return;
      }
      const text = error instanceof Error && error.message ? error.message : t('export.stopped');
      setRun((current) => (current ? { ...current, failure: text } : current));
    } finally {
      controller.current = null;
    }
  };

  const onClick = () => {
    if (total === undefined) {
      message.info(t('export.notReady'));
      return;
    }
    if (total === 0) {
      message.info(t('export.none'));
      return;
    }
    if (total > EXPORT_ROWS_MAX) {
      modal.warning({ title: t('export.tooManyTitle'), content: t('export.tooMany', { count: formatCount(total), max: formatCount(EXPORT_ROWS_MAX) }) });
      return;
    }
    modal.confirm({
      title: t('export.title'),
      content: t('export.confirm', { count: formatCount(total) }),
      okText: t('export.ok'),
      cancelText: t('export.cancel'),
      onOk: () => {
        void start(total);
      },
    });
  };

  const progress = run?.progress;
  const percent = progress?.total ? Math.min(100, Math.floor((progress.received / progress.total) * 100)) : null;
  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={onClick} loading={run !== null && !run.failure} data-testid="order-export">
        {t('list.export')}
      </Button>
      <Modal
        open={run !== null}
        title={run ? t('export.progressTitle', { count: formatCount(run.count) }) : null}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        footer={
          run?.failure ? (
            <Button onClick={() => setRun(null)}>{t('export.close')}</Button>
          ) : (
            <Button danger onClick={() => controller.current?.abort()}>
              {t('export.stop')}
            </Button>
          )
        }
      >
        {run?.failure ? (
          <Alert type="warning" showIcon title={run.failure} data-testid="export-failure" />
        ) : (
          <Flex vertical gap={8} data-testid="export-progress">
            {percent !== null ? <Progress percent={percent} status="active" /> : <Spin />}
            <Typography.Text type="secondary">
              {!progress
                ? t('export.waiting')
                : progress.total
                  ? t('export.receivedOf', { size: formatBytes(progress.received), total: formatBytes(progress.total) })
                  : t('export.received', { size: formatBytes(progress.received) })}
            </Typography.Text>
          </Flex>
        )}
      </Modal>
    </>
  );
}
