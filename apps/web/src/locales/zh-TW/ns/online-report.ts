/** Texts of the online report page (report-ui). */
export const resources = {
  noReport: '此選單項目沒有指向報表（路徑應為 /online/cgreport/<編碼>）',
};
