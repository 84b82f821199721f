/** Texts of the online report page (report-ui). */
import type { resources as source } from '../../zh-TW/ns/online-report.ts';

export const resources: typeof source = {
  noReport: '此菜单项目没有指向报表（路径应为 /online/cgreport/<编码>）',
};
