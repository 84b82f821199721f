import type { resources as source } from '../../zh-TW/ns/tracking.ts';

export const resources: typeof source = {};
