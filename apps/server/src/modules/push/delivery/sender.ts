import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { PushAttemptOutcome } from '@portal/shared/open-api';
import { targetRefusal, type TargetRules } from './address-guard.ts';
import { RESPONSE_READ_LIMIT_BYTES, responseExcerpt } from './model.ts';

/*
 * One HTTP attempt, with the guards of docs/decisions/0026: the name is resolved here, the addresses
 * checked, and the connection made to the checked address (a `lookup` that answers it), so a DNS answer
 * that changes between the check and the connection (rebinding) changes nothing. No redirect is followed,
 * the whole attempt has one deadline, and at most a few kilobytes of the answer are read.
 */

export type AttemptRequest = { url: string; headers: Record<string, string>; body: string; timeoutMs: number; targets: TargetRules };

export type AttemptResult = {
  outcome: Exclude<PushAttemptOutcome, 'GONE' | 'THROTTLED'> | 'HTTP';
  httpStatus: number | null;
  /** the Retry-After header of the answer, as sent */
  retryAfter?: string;
  responseExcerpt: string;
  error: string;
  latencyMs: number;
};

const ERROR_CHARS = 500;

/** The addresses `hostname` stands for now (an address stands for itself). */
async function resolve(hostname: string): Promise<{ address: string; family: number }[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family !== 0) return [{ address: bare, family }];
  return dnsLookup(bare, { all: true, verbatim: true });
}

export async function sendAttempt(request: AttemptRequest): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (outcome: AttemptResult['outcome'], error: string): AttemptResult => ({ outcome, httpStatus: null, responseExcerpt: '', error: error.slice(0, ERROR_CHARS), latencyMs: elapsed() });

  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return failed('NETWORK', 'the endpoint URL is not valid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return failed('NETWORK', `unsupported scheme ${url.protocol}`);

  const deadline = AbortSignal.timeout(request.timeoutMs);
  let addresses: { address: string; family: number }[];
  try {
    addresses = await Promise.race([
      resolve(url.hostname),
      new Promise<never>((_, reject) => deadline.addEventListener('abort', () => reject(new Error('timeout')), { once: true })),
    ]);
  } catch (error) {
    if (deadline.aborted) return failed('TIMEOUT', `no answer within ${request.timeoutMs} ms (name resolution)`);
    return failed('NETWORK', `the name ${url.hostname} did not resolve: ${(error as Error).message}`);
  }
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  const target = addresses.find((entry) => targetRefusal(entry.address, port, request.targets) === null);
  if (!target) return failed('BLOCKED_ADDRESS', `${url.hostname} resolves to ${addresses.map((entry) => entry.address).join(', ') || 'nothing'}: the portal itself, a private, loopback or link-local address, or an IPv6 form of an IPv4 address is not reached`);

  // the connection goes to the address just checked, whatever the name resolves to by then
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };

  return new Promise<AttemptResult>((settle) => {
    let done = false;
    const finish = (result: AttemptResult) => {
      if (done) return;
      done = true;
      deadline.removeEventListener('abort', onDeadline);
      settle(result);
    };
    const client = url.protocol === 'https:' ? https : http;
    const outgoing = client.request(url, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      lookup: pinned,
      agent: false,
    });
    const onDeadline = () => {
      outgoing.destroy();
      finish(failed('TIMEOUT', `no complete answer within ${request.timeoutMs} ms`));
    };
    if (deadline.aborted) return onDeadline();
    deadline.addEventListener('abort', onDeadline, { once: true });
    outgoing.on('error', (error) => finish(failed('NETWORK', error.message)));
    outgoing.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const answer = () => {
        const body = Buffer.concat(chunks).subarray(0, RESPONSE_READ_LIMIT_BYTES);
        const retryAfter = response.headers['retry-after'];
        finish({
          outcome: status >= 300 && status < 400 ? 'REDIRECT' : status >= 200 && status < 300 ? 'SUCCESS' : 'HTTP',
          httpStatus: status,
          ...(retryAfter ? { retryAfter } : {}),
          responseExcerpt: responseExcerpt(body, response.headers['content-type']),
          error: status >= 300 && status < 400 ? `redirect to ${String(response.headers.location ?? '(no location)').slice(0, 200)} not followed` : '',
          latencyMs: elapsed(),
        });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // enough read: the rest of a large answer is never downloaded
        if (size >= RESPONSE_READ_LIMIT_BYTES) answer();
      });
      response.on('end', answer);
      response.on('error', () => answer());
    });
    outgoing.end(request.body);
  });
}
