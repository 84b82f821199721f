import type { FastifyRequest } from 'fastify';

// one-time values that travel in addresses: the sign-on's code, state and login ticket (decision 0020)
const SECRET_PARAMS = ['code', 'state', 'thirdToken', 'token', 'access_token', 'id_token', 'session_state'];
const SECRET_PATH = /^(\/api\/thirdLogin\/getLoginUser\/)[^/?#]+/;

/** The address as the log may keep it: the sign-on's one-time values replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at < 0 ? url : url.slice(0, at)).replace(SECRET_PATH, '$1[redacted]');
  if (at < 0) return path;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of SECRET_PARAMS) if (params.has(name)) params.set(name, '[redacted]');
  return `${path}?${params.toString()}`;
}

/** pino's `req` serializer: what Fastify logs of a request, with the address redacted. */
export function requestForLog(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}
