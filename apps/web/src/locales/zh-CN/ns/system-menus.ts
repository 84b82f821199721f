import type { resources as source } from '../../zh-TW/ns/system-menus.ts';

export const resources: typeof source = {};
