import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller, signedIn } from '../../../plugins/auth.ts';
import type { CacheBus } from '../../../lib/cache-bus.ts';
import { AnnouncementHub, DEFAULT_HUB_OPTIONS, type HubOptions } from './hub.ts';

/*
 * The readers' live stream (server-sent events). It is a long-lived GET authenticated like every other
 * call, by the X-Access-Token and tenant_id headers: the web reads it with fetch and a stream reader,
 * because EventSource cannot send headers, and a token in the URL would land in access logs and the
 * browser's history. (A short-lived ticket would need a store every app server shares, for one call.)
 * It takes no input: the first event is the reader's unread summary, so a client that reconnects gets
 * what it missed at once. The streams end when the server closes (preClose), before it waits for its
 * connections.
 */
export const announcementStreamRoutes: FastifyPluginAsyncZod<{ bus: CacheBus; hub?: Partial<Omit<HubOptions, 'onError' | 'stillSignedIn'>> }> = async (app, options) => {
  const hub = new AnnouncementHub(app.database.db, options.bus, {
    ...DEFAULT_HUB_OPTIONS,
    ...options.hub,
    onError: (error) => app.log.error({ err: error }, 'announcement stream'),
    stillSignedIn: (tokenHash, tenantId) => app.accessService.stillSignedIn(tokenHash, tenantId),
  });
  app.addHook('preClose', async () => hub.close());

  app.get(
    '/sys/announcement/stream',
    {
      config: signedIn,
      schema: {
        tags: ['announcement: readers'],
        summary:
          "Server-sent events (text/event-stream): `event: unread` with the caller's unread summary at once and whenever it changes; `event: access` when the caller's rights may have changed; `event: signed-out` when the session ended (the stream ends); a comment line every 25 s",
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      reply.hijack();
      // the headers every answer carries (security headers), then the stream's own
      const common = Object.fromEntries(Object.entries(reply.getHeaders()).filter((entry): entry is [string, string | number | string[]] => entry[1] !== undefined));
      reply.raw.writeHead(200, {
        ...common,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx and similar proxies would otherwise hold the events back
        'x-accel-buffering': 'no',
      });
      // HEAD asks for the headers alone: answered and ended, not held open as a stream
      if (request.method === 'HEAD') {
        reply.raw.end();
        return;
      }
      hub.open(reply.raw, { userId: auth.userId, tenantId: auth.tenantId, tokenHash: auth.tokenHash, sessionId: auth.session.sessionId });
    },
  );
};
