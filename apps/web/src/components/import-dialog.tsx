import { useState } from 'react';
import { Alert, Button, Flex, Modal, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, FileExcelOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IMPORT_BYTES_MAX } from '@portal/shared/logistics';
import type { ImportResult, ImportRowError } from '@portal/shared/logistics-schemas';
import type { PermissionCode } from '@portal/shared/permissions';
import { Access } from './access.tsx';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Checked before sending: an .xlsx by its name (and type when the browser knows it), at most an import's size. */
export function importFileProblem(file: Pick<File, 'name' | 'size' | 'type'>): 'wrongType' | 'tooLarge' | null {
  if (!/\.xlsx$/i.test(file.name) || (file.type !== '' && file.type !== XLSX_TYPE)) return 'wrongType';
  if (file.size > IMPORT_BYTES_MAX) return 'tooLarge';
  return null;
}

/** What differs between imports, in the caller's namespace: what is imported, and how many came in or were refused. */
export type ImportTexts = { button: string; title: string; stepTemplate: string; hint: string; success: (count: number) => string; failed: (count: number) => string };

/**
 * An all-or-nothing spreadsheet import (users, departments, positions): a button behind `code` opening
 * the dialog: the template, the file, then how many rows came in, or every wrong row with its column and
 * what is wrong (nothing imported). `testId` prefixes the test ids of its parts.
 */
export function ImportButton({
  code,
  testId,
  texts,
  template,
  upload,
}: {
  /** none: the button is the page's own (an online form's, whose one code opened the page) */
  code?: PermissionCode;
  testId: string;
  texts: ImportTexts;
  template: UseMutationResult<unknown, Error, void>;
  upload: UseMutationResult<ImportResult, Error, File>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<'wrongType' | 'tooLarge' | null>(null);
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
    upload.mutate(file, { onSuccess: setResult, onError: (error) => setFailure(error.message) });
  };
  const imported = result !== null && result.errors.length === 0;
  const refused = result !== null && result.errors.length > 0;

  const body = (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid={testId}>
        {texts.button}
      </Button>
      <Modal
        open={open}
        title={texts.title}
        width={720}
        onCancel={() => setOpen(false)}
        afterClose={reset}
        closable={!upload.isPending}
        footer={
          <Flex justify="end" gap={8}>
            <Button onClick={() => setOpen(false)} disabled={upload.isPending} data-testid={`${testId}-close`}>
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
                {!upload.isPending && (
                  <Button size="small" onClick={reset}>
                    {t('components.importDialog.again')}
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
                  setProblem(found);
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
            {problem && <Alert type="error" showIcon title={t(`components.importDialog.${problem}`)} data-testid={`${testId}-problem`} />}
          </Flex>
          {failure && <Alert type="error" showIcon title={failure} data-testid={`${testId}-failure`} />}
          {imported && <Alert type="success" showIcon title={texts.success(result.imported)} data-testid={`${testId}-success`} />}
          {refused && (
            <Flex vertical gap={8} data-testid={`${testId}-errors`}>
              <Alert type="error" showIcon title={texts.failed(result.errors.length)} />
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
    </>
  );
  return code ? <Access code={code}>{body}</Access> : body;
}
