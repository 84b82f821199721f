import fp from 'fastify-plugin';
import { DICT_VERSION_HEADER } from '@portal/shared/dict-codes';
import type { DictService } from '../modules/dict/service.ts';

/**
 * Every successful API answer carries the dictionaries' version (DICT_VERSION_HEADER), so that a client's
 * 7-day dictionary cache follows an edit at its next call, without signing out. The
 * version comes from the dictionaries in memory: after a change it costs one reload per app server, then
 * nothing. Public answers carry it too: the sign-in answer is the one whose dictionaries a client stores.
 */
export const dictVersionPlugin = fp(
  async (app, options: { dicts: DictService }) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode >= 400 || !(request.url.startsWith('/api/') || request.url.startsWith('/platform-api/'))) return payload;
      try {
        reply.header(DICT_VERSION_HEADER, await options.dicts.version());
      } catch (error) {
        // the answer goes out without the mark: the client keeps what it has until the next call
        request.log.warn({ err: error }, 'dictionary version unavailable');
      }
      return payload;
    });
  },
  { name: 'dict-version' },
);
