/** Texts of the layouts (header, menus, tabs, settings, dialogs); zh-TW is the source and the fallback. */
export const layout = {
  home: '首頁',
  copyright: '2019 - 2024 跨境集運 版權所有',
  greeting: { morning: '早安', forenoon: '上午好', noon: '午安', afternoon: '下午好', evening: '晚安' },
  welcome: '{{greeting}}，{{name}}，歡迎回來',
  userMenu: { settings: '系統設定', password: '修改密碼', depart: '切換部門', clearCache: '清除快取', logout: '退出登入' },
  logoutConfirm: { title: '提示', content: '真的要退出登入嗎？', ok: '確定', cancel: '取消' },
  cacheRefreshed: '刷新快取完成！',
  cacheRefreshFailed: '刷新快取失敗！',
  notAvailable: { title: '頁面尚未開放', description: '「{{title}}」將在後續版本提供。' },
  notFound: { title: '404', description: '抱歉，您訪問的頁面不存在。', back: '返回首頁' },
  language: '語言',
  collapse: '收合選單',
  expand: '展開選單',
};
