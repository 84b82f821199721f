/**
 * What a request body of the logistics contract looks like before the server's defaults apply:
 * a schema's input type, read through the Standard Schema interface (types only; no zod at runtime).
 */
export type InputOf<S extends { '~standard': { types?: { input: unknown } | undefined } }> = NonNullable<S['~standard']['types']>['input'];
