/** A call that creates or moves something, with the key of the user action it belongs to (lib/idempotency.ts). */
export type Keyed<I> = { input: I; idempotencyKey: string };
