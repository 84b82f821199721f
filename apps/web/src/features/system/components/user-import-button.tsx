import { useState } from 'react';
import { Alert, Button, Flex, Modal, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, FileExcelOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMPORT_BYTES_MAX } from '@portal/shared/logistics';
import type { ImportResult, ImportRowError } from '@portal/shared/logistics-schemas';
import { Access } from '../../../components/access.tsx';
import { useDownloadUserTemplate, useImportUsers } from '../api/user-data.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Checked before sending: an .xlsx by its name (and type when the browser knows it), at most the import's size. */
export function userImportProblem(file: Pick<File, 'name' | 'size' | 'type'>): 'wrongType' | 'tooLarge' | null {
  if (!/\.xlsx$/i.test(file.name) || (file.type !== '' && file.type !== XLSX_TYPE)) return 'wrongType';
  if (file.size > IMPORT_BYTES_MAX) return 'tooLarge';
  return null;
}

/**
 * The users' import (issue 12 item 1): the template, the file, then how many users came in, or every
 * wrong row with its column and what is wrong (nothing imported).
 */
export function UserImportButton() {
  const { t } = useTranslation('system-user-data');
  const template = useDownloadUserTemplate();
  const upload = useImportUsers();
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

  return (
    <Access code="system:user:import">
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="user-import">
        {t('import.button')}
      </Button>
      <Modal
        open={open}
        title={t('import.title')}
        width={720}
        onCancel={() => setOpen(false)}
        afterClose={reset}
        closable={!upload.isPending}
        footer={
          <Flex justify="end" gap={8}>
            <Button onClick={() => setOpen(false)} disabled={upload.isPending} data-testid="user-import-close">
              {t('import.close')}
            </Button>
            {!imported && (
              <Button type="primary" onClick={send} disabled={!file || refused} loading={upload.isPending} data-testid="user-import-submit">
                {t('import.upload')}
              </Button>
            )}
          </Flex>
        }
      >
        <Flex vertical gap={16} data-testid="user-import-dialog">
          <Flex vertical gap={8}>
            <Typography.Text>{t('import.stepTemplate')}</Typography.Text>
            <div>
              <Button icon={<DownloadOutlined />} loading={template.isPending} onClick={() => template.mutate()} data-testid="user-import-template">
                {t('import.downloadTemplate')}
              </Button>
            </div>
          </Flex>
          <Flex vertical gap={8}>
            <Typography.Text>{t('import.stepFile')}</Typography.Text>
            {file ? (
              <Flex align="center" gap={8} wrap data-testid="user-import-file">
                <FileExcelOutlined style={{ color: '#1d6f42', fontSize: 20 }} aria-hidden />
                <Typography.Text strong>{file.name}</Typography.Text>
                {!upload.isPending && (
                  <Button size="small" onClick={reset}>
                    {t('import.again')}
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
                  const found = userImportProblem(chosen);
                  setProblem(found);
                  if (!found) setFile(chosen);
                  // nothing is sent by the picker: the Import button sends the checked file
                  return Upload.LIST_IGNORE;
                }}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">{t('import.chooseFile')}</p>
                <p className="ant-upload-hint">{t('import.hint', { size: '5 MB' })}</p>
              </Upload.Dragger>
            )}
            {problem && <Alert type="error" showIcon title={t(`import.${problem}`)} data-testid="user-import-problem" />}
          </Flex>
          {failure && <Alert type="error" showIcon title={failure} data-testid="user-import-failure" />}
          {imported && <Alert type="success" showIcon title={t('import.success', { count: result.imported })} data-testid="user-import-success" />}
          {refused && (
            <Flex vertical gap={8} data-testid="user-import-errors">
              <Alert type="error" showIcon title={t('import.failed', { count: result.errors.length })} />
              <Table<ImportRowError & { key: number }>
                size="small"
                rowKey="key"
                tableLayout="fixed"
                dataSource={result.errors.map((error, index) => ({ ...error, key: index }))}
                pagination={result.errors.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
                scroll={{ y: 320 }}
                data-testid="user-import-error-table"
                columns={[
                  { key: 'row', dataIndex: 'row', title: t('import.row'), width: 64, align: 'right' },
                  { key: 'column', dataIndex: 'column', title: t('import.column'), width: 140, render: (text: string) => <span style={{ overflowWrap: 'anywhere' }}>{text}</span> },
                  { key: 'message', dataIndex: 'message', title: t('import.message'), render: (text: string) => <span style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{text}</span> },
                ]}
              />
            </Flex>
          )}
        </Flex>
      </Modal>
    </Access>
  );
}
