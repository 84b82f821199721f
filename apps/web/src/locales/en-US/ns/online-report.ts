/** Texts of the online report page (report-ui). */
import type { resources as source } from '../../zh-TW/ns/online-report.ts';

export const resources: typeof source = {
  noReport: 'This menu entry names no report (its path should be /online/cgreport/<code>)',
};
