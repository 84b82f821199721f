import type { layout as source } from '../zh-TW/layout.ts';

export const layout: typeof source = {
  home: '首页',
  copyright: '2019 - 2024 跨境集运 版权所有',
  greeting: { morning: '早上好', forenoon: '上午好', noon: '中午好', afternoon: '下午好', evening: '晚上好' },
  welcome: '{{greeting}}，{{name}}，欢迎回来',
  userMenu: { settings: '系统设置', password: '修改密码', depart: '切换部门', clearCache: '清理缓存', logout: '退出登录' },
  logoutConfirm: { title: '提示', content: '真的要注销登录吗？', ok: '确定', cancel: '取消' },
  cacheRefreshed: '刷新缓存完成！',
  cacheRefreshFailed: '刷新缓存失败！',
  notAvailable: { title: '页面尚未开放', description: '“{{title}}”将在后续版本提供。' },
  notFound: { title: '404', description: '抱歉，您访问的页面不存在。', back: '返回首页' },
  language: '语言',
  collapse: '收起菜单',
  expand: '展开菜单',
};
