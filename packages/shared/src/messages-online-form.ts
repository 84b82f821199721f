import type { Texts } from './languages.ts';

/** Online development (issue 16): the messages of online forms (online-form). */
export const onlineFormMessages = {} as const satisfies Record<string, Texts>;
