import type { resources as source } from '../../zh-TW/ns/system-user-data.ts';

export const resources: typeof source = {};
