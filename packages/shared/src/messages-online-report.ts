import type { Texts } from './languages.ts';

/** Online development (issue 16): the messages of online reports (online-report). */
export const onlineReportMessages = {} as const satisfies Record<string, Texts>;
