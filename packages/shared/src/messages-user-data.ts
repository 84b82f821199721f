import type { Texts } from './languages.ts';

export const userDataMessages = {} as const satisfies Record<string, Texts>;
