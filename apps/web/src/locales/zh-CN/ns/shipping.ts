import type { resources as source } from '../../zh-TW/ns/shipping.ts';

export const resources: typeof source = {};
