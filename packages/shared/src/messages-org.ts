import type { Texts } from './languages.ts';

export const orgMessages = {} as const satisfies Record<string, Texts>;
