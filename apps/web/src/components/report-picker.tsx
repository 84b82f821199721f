import { useEffect, useRef, useState } from 'react';
import { App, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { popupConfigProblem, POPUP_MODAL_WIDTH, type PopupConfig } from '@portal/shared/online';
import { DetailStates } from './detail-states.tsx';
import { useReportConfig } from './online-report/report-config.tsx';
import type { ReportRow } from './online-report/report-api.ts';
import { PopupPicker } from './popup-picker.tsx';
import type { ReportPickerProps } from './report-picker-props.ts';

const fieldList = (text: string) => text.split(',').map((part) => part.trim()).filter(Boolean);

/** Spec §5: target field i takes the picked row's original field i (as text; an empty cell as ''). */
export function mapPickedRows(config: Pick<PopupConfig, 'originalFields' | 'targetFields'>, rows: readonly ReportRow[]): Record<string, string>[] {
  const original = fieldList(config.originalFields);
  const target = fieldList(config.targetFields);
  return rows.map((row) => Object.fromEntries(target.map((field, i) => {
    const value = row[original[i] ?? ''];
    return [field, value === null || value === undefined ? '' : String(value)];
  })));
}

/**
 * The popup picker on an online report: the generic popup picker (1200 px, pages of
 * 10/20/30, a row click toggles, single mode keeps one, OK with none warns 请选择一条记录, closing
 * clears) over the report's columns and query form. A configuration the spec refuses (no code or
 * fields, or counts that differ) is said as a warning and the picker does not open.
 */
export function ReportPicker({ open, config, group, title, onOk, onCancel }: ReportPickerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const problem = popupConfigProblem(config);
  const showable = open && problem === null;

  // said once per opening, and the opening is refused: the caller's state goes back to closed
  const warned = useRef(false);
  useEffect(() => {
    if (!open) {
      warned.current = false;
      return;
    }
    if (problem === null || warned.current) return;
    warned.current = true;
    message.warning(t(problem === 'popupConfigMissing' ? 'components.reportPicker.configMissing' : 'components.reportPicker.configMismatch'));
    onCancel();
  }, [open, problem, message, t, onCancel]);

  return problem === null ? <ReportPickerModal open={showable} config={config} group={group} title={title} onOk={onOk} onCancel={onCancel} /> : null;
}

/**
 * The report is asked for only once the picker first opens; each opening mounts it anew, so that a
 * configuration older than 30 s is asked again (a fresher one is reused from the cache).
 */
function ReportPickerModal(props: ReportPickerProps) {
  const [seen, setSeen] = useState({ open: props.open, openings: props.open ? 1 : 0 });
  if (props.open !== seen.open) setSeen({ open: props.open, openings: seen.openings + (props.open ? 1 : 0) });
  return seen.openings > 0 ? <LoadedPicker key={seen.openings} {...props} /> : null;
}

function LoadedPicker({ open, config, group, title, onOk, onCancel }: ReportPickerProps) {
  const { t } = useTranslation();
  const code = config.reportCode.trim();
  const report = useReportConfig(code, group ?? code);
  if (!report.config) {
    // the report's configuration is coming (or failed: the HTTP client said why)
    return (
      <Modal open={open} title={title ?? t('components.picker.title')} width={POPUP_MODAL_WIDTH} footer={null} onCancel={onCancel} destroyOnHidden>
        <DetailStates pending={report.pending} failed={report.failed} onRetry={report.retry} />
      </Modal>
    );
  }
  return (
    <PopupPicker<ReportRow>
      open={open}
      title={title ?? report.answer?.cgRpConfigName}
      config={report.config}
      multi={config.multi}
      onCancel={onCancel}
      onOk={(rows) => onOk(mapPickedRows(config, rows), rows)}
    />
  );
}
