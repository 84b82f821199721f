import { useState } from 'react';
import { Alert, Button, Flex, Modal, Progress, Table, Typography, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, FileExcelOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMPORT_BYTES_MAX, IMPORT_ROWS_MAX } from '@portal/shared/logistics';
import type { ImportResult, ImportRowError } from '@portal/shared/logistics-schemas';
import { formatBytes, formatCount } from '../../../lib/format.ts';
import { useDownloadImportTemplate, ImportFailure, useImportOrders } from '../api/order-import.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type FileProblem = { key: 'wrongType' } | { key: 'tooLarge'; size: string; max: string } | { key: 'emptyFile' };

/** The checks made before sending: an .xlsx file (by name, and by type when the browser knows it), not empty, at most IMPORT_BYTES_MAX. */
export function checkImportFile(file: Pick<File, 'name' | 'size' | 'type'>): FileProblem | null {
  if (!/\.xlsx$/i.test(file.name) || (file.type !== '' && file.type !== XLSX_TYPE)) return { key: 'wrongType' };
  if (file.size === 0) return { key: 'emptyFile' };
  if (file.size > IMPORT_BYTES_MAX) return { key: 'tooLarge', size: formatBytes(file.size), max: formatBytes(IMPORT_BYTES_MAX) };
  return null;
}

/**
 * The order import: the template, a file checked before it is sent, the upload with its
 * progress, then either how many orders came in or every refused row, with nothing imported.
 */
export function ImportOrdersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('logistics');
  const template = useDownloadImportTemplate();
  const upload = useImportOrders();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [percent, setPercent] = useState(0);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setProblem(null);
    setPercent(0);
    setResult(null);
    setFailure(null);
    upload.reset();
  };

  const choose = (chosen: File) => {
    reset();
    const found = checkImportFile(chosen);
    setProblem(found);
    if (!found) setFile(chosen);
  };

  const send = () => {
    if (!file) return;
    setFailure(null);
    setResult(null);
    setPercent(0);
    upload.mutate(
      { file, onProgress: setPercent },
      {
        onSuccess: setResult,
        onError: (error) => setFailure(error instanceof ImportFailure ? error.message : String(error.message)),
      },
    );
  };

  const problemText = problem ? (problem.key === 'tooLarge' ? t('import.tooLarge', { size: problem.size, max: problem.max }) : t(`import.${problem.key}`)) : null;
  const imported = result !== null && result.errors.length === 0 && result.imported > 0;
  const refused = result !== null && result.errors.length > 0;

  return (
    <Modal
      open={open}
      title={t('import.title')}
      width={760}
      onCancel={onClose}
      afterClose={reset}
      mask={{ closable: !upload.isPending }}
      closable={!upload.isPending}
      footer={
        <Flex justify="end" gap={8} wrap>
          <Button onClick={onClose} disabled={upload.isPending} data-testid="import-close">
            {t('import.close')}
          </Button>
          {!imported && (
            <Button type="primary" onClick={send} disabled={!file || refused} loading={upload.isPending} data-testid="import-submit">
              {t('import.upload')}
            </Button>
          )}
        </Flex>
      }
    >
      <Flex vertical gap={16} data-testid="import-dialog">
        <Flex vertical gap={8}>
          <Typography.Text>{t('import.stepTemplate')}</Typography.Text>
          <div>
            <Button icon={<DownloadOutlined />} loading={template.isPending} onClick={() => template.mutate()} data-testid="import-template">
              {t('import.downloadTemplate')}
            </Button>
          </div>
        </Flex>
        <Flex vertical gap={8}>
          <Typography.Text>{t('import.stepFile')}</Typography.Text>
          {file ? (
            <Flex align="center" gap={8} wrap data-testid="import-file">
              <FileExcelOutlined style={{ color: '#1d6f42', fontSize: 20 }} aria-hidden />
              <Typography.Text strong>{file.name}</Typography.Text>
              <Typography.Text type="secondary">{formatBytes(file.size)}</Typography.Text>
              {!upload.isPending && (
                <Button type="text" size="small" icon={<DeleteOutlined />} onClick={reset} aria-label={t('import.remove')}>
                  {result ? t('import.again') : null}
                </Button>
              )}
            </Flex>
          ) : (
            <Upload.Dragger
              accept=".xlsx"
              multiple={false}
              showUploadList={false}
              fileList={[]}
              beforeUpload={(chosen) => {
                choose(chosen);
                // nothing is sent by the picker: the Import button sends the checked file
                return Upload.LIST_IGNORE;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('import.chooseFile')}</p>
              <p className="ant-upload-hint">{t('import.hint', { size: formatBytes(IMPORT_BYTES_MAX), rows: formatCount(IMPORT_ROWS_MAX) })}</p>
            </Upload.Dragger>
          )}
          {problemText && <Alert type="error" showIcon title={problemText} data-testid="import-file-problem" />}
        </Flex>
        {upload.isPending && (
          <Flex vertical gap={4}>
            <Progress percent={percent} status="active" />
            <Typography.Text type="secondary">{t('import.uploading')}</Typography.Text>
          </Flex>
        )}
        {failure && <Alert type="error" showIcon title={failure} data-testid="import-failure" />}
        {imported && <Alert type="success" showIcon title={t('import.success', { count: result.imported })} data-testid="import-success" />}
        {result && result.errors.length === 0 && result.imported === 0 && <Alert type="warning" showIcon title={t('import.emptyFile')} data-testid="import-empty" />}
        {refused && (
          <Flex vertical gap={8} data-testid="import-errors">
            <Alert type="error" showIcon title={t('import.failed', { count: result.errors.length })} />
            {/* every message whole and wrapped (a wide table cut them off), the rows scrolling within the dialog */}
            <Table<ImportRowError & { key: number }>
              size="small"
              rowKey="key"
              tableLayout="fixed"
              dataSource={result.errors.map((error, index) => ({ ...error, key: index }))}
              pagination={result.errors.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
              scroll={{ y: 320 }}
              data-testid="import-error-table"
              columns={[
                { key: 'row', dataIndex: 'row', title: t('import.row'), width: 64, align: 'right' },
                { key: 'column', dataIndex: 'column', title: t('import.column'), width: 150, render: (text: string) => <span style={{ overflowWrap: 'anywhere' }}>{text}</span> },
                { key: 'message', dataIndex: 'message', title: t('import.message'), render: (text: string) => <span style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{text}</span> },
              ]}
            />
          </Flex>
        )}
      </Flex>
    </Modal>
  );
}
