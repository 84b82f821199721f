import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ONLINE_REPORT_PATH_PREFIX, POPUP_MODAL_WIDTH, type ReportRecord } from '@portal/shared/online';
import { useLanguage } from '../../../lib/i18n.ts';
import { ReportView } from '../../../components/online-report/report-view.tsx';

/** A report as its readers see it (the shared report view: query form, table, export, chart); its page once published. */
export function ReportPreview({ report, onClose }: { report: ReportRecord | null; onClose: () => void }) {
  const { t } = useTranslation('online-dev');
  const language = useLanguage();
  const navigate = useNavigate();
  const title = report ? report.titles[language] || report.code : '';
  const path = report ? `${ONLINE_REPORT_PATH_PREFIX}${report.code}` : '';
  return (
    <Modal
      open={report !== null}
      onCancel={onClose}
      width={POPUP_MODAL_WIDTH}
      title={t('preview.title', { title })}
      destroyOnHidden
      footer={
        report?.menuId ? (
          <Button
            onClick={() => {
              onClose();
              void navigate(path);
            }}
            data-testid="report-preview-open"
          >
            {t('preview.openPublished')}
          </Button>
        ) : null
      }
      data-testid="report-preview-modal"
    >
      {/* a group of its own: the designer's preview reads the definition as saved, not a cached one */}
      {report && <ReportView key={`${report.code}-${report.version}`} code={report.code} group={`designer-${report.code}-${report.version}`} />}
    </Modal>
  );
}
