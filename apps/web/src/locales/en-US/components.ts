import type { components as source } from '../zh-TW/components.ts';

export const components: typeof source = {
  placeholder: '',
};
