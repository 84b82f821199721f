import type { resources as source } from '../../zh-TW/ns/system-users.ts';

export const resources: typeof source = {};
