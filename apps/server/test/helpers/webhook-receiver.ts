import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/*
 * A merchant's webhook receiver for the push tests: a real HTTP server on 127.0.0.1 that checks every request
 * with the official `standardwebhooks` package, once per secret it knows, and answers what the test says.
 */

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export type ReceivedRequest = {
  path: string;
  webhookId: string;
  timestamp: string;
  signature: string;
  userAgent: string;
  contentType: string;
  body: string;
  /** for each secret of the receiver, in order: did the official library accept the request with it */
  verifiedWith: boolean[];
  /** false when this webhook-id was seen before (the receiver's deduplication) */
  firstTime: boolean;
  at: number;
};

export type Answer = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number };

export type Receiver = {
  url(path?: string): string;
  requests: ReceivedRequest[];
  /** the distinct webhook-ids received, each processed once */
  processed: Set<string>;
  /** what to answer the n-th (0-based) request of a path */
  answer: (path: string, nth: number) => Answer;
  close(): Promise<void>;
};

export async function startReceiver(secrets: string[], answer: Receiver['answer'] = () => ({ status: 200 })): Promise<Receiver> {
  const webhooks = secrets.map((secret) => new Webhook(secret));
  const counts = new Map<string, number>();
  const receiver: Receiver = {
    url: (path = '/hook') => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    requests: [],
    processed: new Set(),
    answer,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = { 'webhook-id': String(request.headers['webhook-id'] ?? ''), 'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''), 'webhook-signature': String(request.headers['webhook-signature'] ?? '') };
      const verifiedWith = webhooks.map((webhook) => {
        try {
          webhook.verify(body, headers);
          return true;
        } catch {
          return false;
        }
      });
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const nth = counts.get(path) ?? 0;
      counts.set(path, nth + 1);
      const reply = receiver.answer(path, nth);
      // deduplication by webhook-id, as docs/message-push.md tells merchants to do: a message counts as
      // processed once a verified request of it was handled (answered 2xx, even if the answer came too late)
      const firstTime = !receiver.processed.has(headers['webhook-id']);
      if (verifiedWith.some(Boolean) && reply.status >= 200 && reply.status < 300) receiver.processed.add(headers['webhook-id']);
      receiver.requests.push({
        path,
        webhookId: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        userAgent: String(request.headers['user-agent'] ?? ''),
        contentType: String(request.headers['content-type'] ?? ''),
        body,
        verifiedWith,
        firstTime,
        at: Date.now(),
      });
      const send = () => {
        if (response.destroyed) return;
        response.writeHead(reply.status, { 'content-type': 'text/plain', ...reply.headers });
        response.end(reply.body ?? 'ok');
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return receiver;
}

/** Polls `check` until it holds or the deadline passes (then fails with `what`). */
export async function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting until ${what}`);
}
