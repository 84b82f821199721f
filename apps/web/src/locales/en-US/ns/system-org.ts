import type { resources as source } from '../../zh-TW/ns/system-org.ts';

export const resources: typeof source = {};
