import fp from 'fastify-plugin';
import { pickLanguage, type Language } from '@portal/shared/languages';
import { formatMessage, type MessageKey, type MessageParams } from '@portal/shared/messages';
import { envelope } from '../lib/envelope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    t(key: MessageKey, params?: MessageParams): string;
    /** a success envelope with the translated message (default: 操作成功！) */
    ok<T>(result: T, key?: MessageKey, params?: MessageParams): ReturnType<typeof envelope<T>>;
    /** HTTP 200 with success false: only where the spec's client expects a business failure */
    fail(key: MessageKey, params?: MessageParams, code?: number): ReturnType<typeof envelope<null>>;
  }
}

/** The caller's language comes from Accept-Language (zh-TW by default). */
export const i18nPlugin = fp(
  async (app) => {
    app.decorateRequest('lang', 'zh-TW');
    app.decorateRequest('t', function (this: { lang: Language }, key: MessageKey, params?: MessageParams) {
      return formatMessage(this.lang, key, params);
    });
    app.decorateRequest('ok', function <T>(this: { lang: Language }, result: T, key: MessageKey = 'ok', params?: MessageParams) {
      return envelope(result, formatMessage(this.lang, key, params));
    });
    app.decorateRequest('fail', function (this: { lang: Language }, key: MessageKey, params?: MessageParams, code = 500) {
      return envelope(null, formatMessage(this.lang, key, params), false, code);
    });
    app.addHook('onRequest', async (request) => {
      request.lang = pickLanguage(request.headers['accept-language']);
    });
  },
  { name: 'i18n' },
);
