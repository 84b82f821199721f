import type { tabs as source } from '../zh-TW/tabs.ts';

export const tabs: typeof source = {
  refresh: 'Refresh',
  closeLeft: 'Close tabs to the left',
  closeRight: 'Close tabs to the right',
  closeOthers: 'Close other tabs',
  homeCannotClose: "The home page can't be closed",
  lastPage: "This is the last page; it can't be closed",
  evicted: 'Too many pages open: closed "{{title}}", the least recently used',
  ariaLabel: 'Open pages',
};
