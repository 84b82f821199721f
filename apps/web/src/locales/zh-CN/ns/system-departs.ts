import type { resources as source } from '../../zh-TW/ns/system-departs.ts';

export const resources: typeof source = {};
