import type { resources as source } from '../../zh-TW/ns/logistics.ts';

export const resources: typeof source = {};
