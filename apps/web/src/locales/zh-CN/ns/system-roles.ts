import type { resources as source } from '../../zh-TW/ns/system-roles.ts';

export const resources: typeof source = {};
