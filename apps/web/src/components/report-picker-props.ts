import type { PopupConfig } from '@portal/shared/online';

/**
 * The popup picker on an online report, as the online form's popup field and the
 * product's own pickers use it. Implemented by components/report-picker.tsx.
 */
export type ReportPickerProps = {
  open: boolean;
  /** the report and the original-to-target field mapping (spec §5 "Popup config") */
  config: PopupConfig;
  /** spec §9: the report's configuration is reused for 30 s per group (default: the report's code) */
  group?: string;
  title?: string;
  /**
   * the picked rows mapped onto the target fields: one object per row, target field -> the row's
   * original field value (multi-select gives several)
   */
  onOk: (mapped: Record<string, string>[], rows: Record<string, string | number | null>[]) => void;
  onCancel: () => void;
};
