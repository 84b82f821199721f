import { useState } from 'react';
import { Alert, Button, Flex, Modal, Progress, Table, Typography, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, FileExcelOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IMPORT_BYTES_MAX } from '@portal/shared/logistics';
import type { ImportResult, ImportRowError } from '@portal/shared/logistics-schemas';
import type { PermissionCode } from '@portal/shared/permissions';
import { formatBytes } from '../lib/format.ts';
import { Access } from './access.tsx';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type ImportFileProblem = 'wrongType' | 'emptyFile' | 'tooLarge';

/** Checked before sending: an .xlsx by its name (and type when the browser knows it), not empty, at most an import's size. */
export function importFileProblem(file: Pick<File, 'name' | 'size' | 'type'>): ImportFileProblem | null {
  if (!/\.xlsx$/i.test(file.name) || (file.type !== '' && file.type !== XLSX_TYPE)) return 'wrongType';
  if (file.size === 0) return 'emptyFile';
  if (file.size > IMPORT_BYTES_MAX) return 'tooLarge';
  return null;
}

/** What differs between imports, in the caller's namespace: what is imported, and how many came in or were refused. */
export type ImportDialogTexts = { title: string; stepTemplate: string; hint: string; success: (count: number) => string; failed: (count: number) => string };
export type ImportTexts = ImportDialogTexts & { button: string };

type ImportCalls = {
  template: UseMutationResult<unknown, Error, void>;
  upload: UseMutationResult<ImportResult, Error, File>;
};

/**
 * An all-or-nothing spreadsheet import (orders, users, departments, positions, a basket, an online form's
 * rows): the template, the file, then how many rows came in, or every wrong row with its column and what is
 * wrong (nothing imported). `testId` prefixes the test ids of its parts; `progress`, the upload's percent,
 * for an upload that reports it.
 */
export function ImportDialog({
  open,
  onClose,
  testId,
  texts,
  template,
  upload,
  progress,
}: ImportCalls & { open: boolean; onClose: () => void; testId: string; texts: ImportDialogTexts; progress?: number }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<{ key: ImportFileProblem; size: number } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setProblem(null);
    setResult(null);
    setFailure(null);
    upload.reset();
  };
  const send = () => {
    if (!file) return;
    setFailure(null);
    setResult(null);
    upload.mutate(file, { onSuccess: setResult, onError: (error) => setFailure(error.message) });
  };
  const imported = result !== null && result.errors.length === 0 && result.imported > 0;
  const empty = result !== null && result.errors.length === 0 && result.imported === 0;
  const refused = result !== null && result.errors.length > 0;

  return (
    <Modal
      open={open}
      title={texts.title}
      width={720}
      onCancel={onClose}
      afterClose={reset}
      mask={{ closable: !upload.isPending }}
      closable={!upload.isPending}
      footer={
        <Flex justify="end" gap={8} wrap>
          <Button onClick={onClose} disabled={upload.isPending} data-testid={`${testId}-close`}>
            {t('components.importDialog.close')}
          </Button>
          {!imported && (
            <Button type="primary" onClick={send} disabled={!file || refused} loading={upload.isPending} data-testid={`${testId}-submit`}>
              {t('components.importDialog.upload')}
            </Button>
          )}
        </Flex>
      }
    >
      <Flex vertical gap={16} data-testid={`${testId}-dialog`}>
        <Flex vertical gap={8}>
          <Typography.Text>{texts.stepTemplate}</Typography.Text>
          <div>
            <Button icon={<DownloadOutlined />} loading={template.isPending} onClick={() => template.mutate()} data-testid={`${testId}-template`}>
              {t('components.importDialog.downloadTemplate')}
            </Button>
          </div>
        </Flex>
        <Flex vertical gap={8}>
          <Typography.Text>{t('components.importDialog.stepFile')}</Typography.Text>
          {file ? (
            <Flex align="center" gap={8} wrap data-testid={`${testId}-file`}>
              <FileExcelOutlined style={{ color: '#1d6f42', fontSize: 20 }} aria-hidden />
              <Typography.Text strong>{file.name}</Typography.Text>
              <Typography.Text type="secondary">{formatBytes(file.size)}</Typography.Text>
              {!upload.isPending && (
                <Button type="text" size="small" icon={<DeleteOutlined />} onClick={reset} aria-label={t('components.importDialog.remove')}>
                  {result ? t('components.importDialog.again') : null}
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
                reset();
                const found = importFileProblem(chosen);
                setProblem(found && { key: found, size: chosen.size });
                if (!found) setFile(chosen);
                // nothing is sent by the picker: the Import button sends the checked file
                return Upload.LIST_IGNORE;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('components.importDialog.chooseFile')}</p>
              <p className="ant-upload-hint">{texts.hint}</p>
            </Upload.Dragger>
          )}
          {problem && (
            <Alert
              type="error"
              showIcon
              title={t(`components.importDialog.${problem.key}`, { size: formatBytes(problem.size), max: formatBytes(IMPORT_BYTES_MAX) })}
              data-testid={`${testId}-problem`}
            />
          )}
        </Flex>
        {upload.isPending && progress !== undefined && (
          <Flex vertical gap={4}>
            <Progress percent={progress} status="active" />
            <Typography.Text type="secondary">{t('components.importDialog.uploading')}</Typography.Text>
          </Flex>
        )}
        {failure && <Alert type="error" showIcon title={failure} data-testid={`${testId}-failure`} />}
        {imported && <Alert type="success" showIcon title={texts.success(result.imported)} data-testid={`${testId}-success`} />}
        {empty && <Alert type="warning" showIcon title={t('components.importDialog.emptyFile')} data-testid={`${testId}-empty`} />}
        {refused && (
          <Flex vertical gap={8} data-testid={`${testId}-errors`}>
            <Alert type="error" showIcon title={texts.failed(result.errors.length)} />
            {/* every message whole and wrapped (a wide table cut them off), the rows scrolling within the dialog */}
            <Table<ImportRowError & { key: number }>
              size="small"
              rowKey="key"
              tableLayout="fixed"
              dataSource={result.errors.map((error, index) => ({ ...error, key: index }))}
              pagination={result.errors.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
              scroll={{ y: 320 }}
              data-testid={`${testId}-error-table`}
              columns={[
                { key: 'row', dataIndex: 'row', title: t('components.importDialog.row'), width: 64, align: 'right' },
                { key: 'column', dataIndex: 'column', title: t('components.importDialog.column'), width: 140, render: (text: string) => <span style={{ overflowWrap: 'anywhere' }}>{text}</span> },
                { key: 'message', dataIndex: 'message', title: t('components.importDialog.message'), render: (text: string) => <span style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{text}</span> },
              ]}
            />
          </Flex>
        )}
      </Flex>
    </Modal>
  );
}

/** The import behind a button, and behind `code`: the button opens the dialog. */
export function ImportButton({
  code,
  testId,
  texts,
  template,
  upload,
}: ImportCalls & {
  /** none: the button is the page's own (an online form's, whose one code opened the page) */
  code?: PermissionCode;
  testId: string;
  texts: ImportTexts;
}) {
  const [open, setOpen] = useState(false);
  const body = (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid={testId}>
        {texts.button}
      </Button>
      <ImportDialog open={open} onClose={() => setOpen(false)} testId={testId} texts={texts} template={template} upload={upload} />
    </>
  );
  return code ? <Access code={code}>{body}</Access> : body;
}
