import type { Texts } from './languages.ts';

export const rolesMessages = {} as const satisfies Record<string, Texts>;
