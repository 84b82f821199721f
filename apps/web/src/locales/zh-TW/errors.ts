/** Spec §8, in Traditional Chinese. */
export const errors = {
  systemTip: '系統提示',
  accessDenied: '拒絕訪問',
  notFound: '很抱歉，資源未找到!',
  timeout: '網絡超時',
  unauthorized: '未授權，請重新登入',
  expiredTitle: '登入已過期',
  expiredContent: '很抱歉，登入已過期，請重新登入',
  signInAgain: '重新登入',
  operationFailed: '操作失敗',
  downloadFailed: '文件下載失敗',
  noFileName: '未定義文件名稱',
  loadUserFailed: '請求用戶信息失敗，請重試！',
  dictCodeEmpty: '字典Code不能為空!',
  chunkTimeout: '頁面載入逾時，請檢查網路後重試',
  chunkFailed: '頁面載入失敗',
  retry: '重試',
};
