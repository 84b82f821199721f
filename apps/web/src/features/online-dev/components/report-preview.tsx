import { Button, Modal, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ONLINE_REPORT_PATH_PREFIX, type ReportRecord } from '@portal/shared/online';
import { useLanguage } from '../../../lib/i18n.ts';

/** A report as its readers see it: its published page (the report view draws any report there). */
export function ReportPreview({ report, onClose }: { report: ReportRecord | null; onClose: () => void }) {
  const { t } = useTranslation('online-dev');
  const language = useLanguage();
  const navigate = useNavigate();
  const title = report ? report.titles[language] || report.code : '';
  const path = report ? `${ONLINE_REPORT_PATH_PREFIX}${report.code}` : '';
  return (
    <Modal open={report !== null} onCancel={onClose} footer={null} width={600} title={t('preview.title', { title })} destroyOnHidden>
      <Result
        status="info"
        title={path}
        extra={
          <Button
            type="primary"
            onClick={() => {
              onClose();
              void navigate(path);
            }}
            data-testid="report-preview-open"
          >
            {t('preview.openPublished')}
          </Button>
        }
      />
    </Modal>
  );
}
