import type { tabs as source } from '../zh-TW/tabs.ts';

export const tabs: typeof source = {
  placeholder: '',
};
