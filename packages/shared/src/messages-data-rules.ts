import type { Texts } from './languages.ts';

export const dataRulesMessages = {} as const satisfies Record<string, Texts>;
