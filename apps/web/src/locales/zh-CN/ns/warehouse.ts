import type { resources as source } from '../../zh-TW/ns/warehouse.ts';

export const resources: typeof source = {};
