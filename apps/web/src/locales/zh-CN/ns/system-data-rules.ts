import type { resources as source } from '../../zh-TW/ns/system-data-rules.ts';

export const resources: typeof source = {};
