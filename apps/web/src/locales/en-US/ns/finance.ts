import type { resources as source } from '../../zh-TW/ns/finance.ts';

export const resources: typeof source = {
  common: {
    actions: 'Actions',
  },
};
