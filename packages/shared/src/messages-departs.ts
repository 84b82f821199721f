import type { Texts } from './languages.ts';

export const departsMessages = {} as const satisfies Record<string, Texts>;
