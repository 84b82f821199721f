import type { MessageKey, MessageParams } from '@portal/shared/messages';

/** An error meant for the client: an HTTP status and a translatable message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
    readonly params?: MessageParams,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badRequest = (key: MessageKey = 'badRequest', params?: MessageParams) => new AppError(400, key, params);
export const unauthorized = () => new AppError(401, 'tokenInvalid');
export const forbidden = (key: MessageKey = 'forbidden', params?: MessageParams) => new AppError(403, key, params);
export const notFound = (key: MessageKey = 'notFound', params?: MessageParams) => new AppError(404, key, params);
export const conflict = (key: MessageKey, params?: MessageParams) => new AppError(409, key, params);

/** Zod messages that are message keys (`msg('oldPasswordRequired')`): defined with the catalogue, which the shared schemas use too. */
export { MSG_PREFIX, msg } from '@portal/shared/messages';
