import type { Texts } from './languages.ts';

export const menusMessages = {} as const satisfies Record<string, Texts>;
