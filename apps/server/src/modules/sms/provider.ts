import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';

/** Where text messages go. `send` resolves once the provider has accepted the message. */
export type SmsGateway = {
  send(phone: string, text: string): Promise<void>;
};

export type SmsSettings = Partial<Pick<Config, 'SMS_PROVIDER' | 'SMS_HTTP_URL' | 'SMS_HTTP_TOKEN'>>;

/**
 * The embedded demo's transport: nothing leaves the machine, the message (with its code) is written
 * to the server log at level warn, clearly labelled, so whoever runs the demo can read it there.
 */
export function createLogGateway(log: Pick<FastifyBaseLogger, 'warn'>): SmsGateway {
  return {
    async send(phone, text) {
      log.warn({ sms: { phone, text } }, `SMS_PROVIDER=log (demo transport, NOT sent to a phone): to ${phone}: ${text}`);
    },
  };
}

export const SMS_HTTP_TIMEOUT_MS = 10_000;

/**
 * A real provider: POST {phone, text} as JSON with `Authorization: Bearer <token>`; any answer
 * other than 2xx, a network error or no answer within the timeout is a failure.
 */
export function createHttpGateway(options: { url: string; token: string; timeoutMs?: number }): SmsGateway {
  const timeoutMs = options.timeoutMs ?? SMS_HTTP_TIMEOUT_MS;
  return {
    async send(phone, text) {
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
          body: JSON.stringify({ phone, text }),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'request failed';
        throw new Error(`SMS provider: ${reason}`, { cause: error });
      }
      // the body is not needed; reading it frees the connection
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`SMS provider answered HTTP ${response.status}`);
    },
  };
}

/** The gateway the configuration asks for (config.ts checks that http has its URL and token). */
export function createSmsGateway(settings: SmsSettings, log: Pick<FastifyBaseLogger, 'warn'>): SmsGateway {
  if (settings.SMS_PROVIDER === 'http') {
    if (!settings.SMS_HTTP_URL || !settings.SMS_HTTP_TOKEN) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL and SMS_HTTP_TOKEN');
    return createHttpGateway({ url: settings.SMS_HTTP_URL, token: settings.SMS_HTTP_TOKEN });
  }
  return createLogGateway(log);
}
