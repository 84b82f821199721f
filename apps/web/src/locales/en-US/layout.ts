import type { layout as source } from '../zh-TW/layout.ts';

export const layout: typeof source = {
  home: 'Home',
  copyright: '2019 - 2024 Cross-border Shipping. All rights reserved',
  greeting: { morning: 'Good morning', forenoon: 'Good morning', noon: 'Good noon', afternoon: 'Good afternoon', evening: 'Good evening' },
  welcome: '{{greeting}}, {{name}}, welcome back',
  userMenu: { settings: 'System settings', password: 'Change password', depart: 'Switch department', clearCache: 'Clear cache', logout: 'Sign out' },
  logoutConfirm: { title: 'Notice', content: 'Do you really want to sign out?', ok: 'OK', cancel: 'Cancel' },
  cacheRefreshed: 'Cache refreshed!',
  cacheRefreshFailed: 'Cache refresh failed!',
  notAvailable: { title: 'Not available yet', description: '"{{title}}" arrives in a later release.' },
  notFound: { title: '404', description: 'Sorry, the page you visited does not exist.', back: 'Back home' },
  language: 'Language',
  collapse: 'Collapse menu',
  expand: 'Expand menu',
};
