import type { tabs as source } from '../zh-TW/tabs.ts';

export const tabs: typeof source = {
  refresh: '刷新',
  closeLeft: '关闭左侧',
  closeRight: '关闭右侧',
  closeOthers: '关闭其他',
  homeCannotClose: '首页不能关闭!',
  lastPage: '这是最后一页，不能再关闭了',
  evicted: '打开的页面过多，已关闭最久未使用的“{{title}}”',
  ariaLabel: '已打开的页面',
};
