/**
 * A namespace's English texts: the keys of its zh-TW source, each of which may have a singular form beside it
 * (`lines_one`). With a count, i18next takes `<key>_one` for 1 and, finding no `<key>_other`, the key itself for
 * any other count; Chinese has one form, so the sources have none (english-plurals.test.ts holds them to it).
 */
export type English<T> = { [K in keyof T]: T[K] extends string ? string : English<T[K]> } & { [key: `${string}_one`]: string };
