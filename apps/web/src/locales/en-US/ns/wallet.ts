import type { resources as source } from '../../zh-TW/ns/wallet.ts';

export const resources: typeof source = {
  common: {
    actions: 'Actions',
  },
};
