import type { Texts } from './languages.ts';

export const usersMessages = {} as const satisfies Record<string, Texts>;
