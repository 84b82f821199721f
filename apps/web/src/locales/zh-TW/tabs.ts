/** Texts of the multi-page tabs; zh-TW is the source and the fallback. */
export const tabs = {
  refresh: '重新整理',
  closeLeft: '關閉左側',
  closeRight: '關閉右側',
  closeOthers: '關閉其他',
  homeCannotClose: '首頁不能關閉!',
  lastPage: '這是最後一頁，不能再關閉了',
  evicted: '已開啟的頁面過多，已關閉最久未使用的「{{title}}」',
  ariaLabel: '已開啟的頁面',
};
