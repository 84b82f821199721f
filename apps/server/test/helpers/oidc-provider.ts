import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/** What the provider says about one of its users (the test changes it between sign-ins). */
export type ProviderAccount = { email?: string; email_verified?: boolean; name?: string };

export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** the provider's users by login (its accountId and the ID token's subject) */
  accounts: Map<string, ProviderAccount>;
  close(): Promise<void>;
};

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1 at a free port: one confidential
 * client registered for `redirectUri`, code flow, its development login pages (any password) and an account
 * store the test fills.
 */
export async function startOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'merchant-portal';
  const clientSecret = 'a-test-client-secret-of-the-portal-0123456789';
  const accounts = new Map<string, ProviderAccount>();
  const configuration: Configuration = {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_basic' }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['a-test-cookie-key-0123456789abcdef'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    // explicit lifetimes (the defaults print a notice each)
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    findAccount: (_context, id) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ sub: id, ...account }) } : undefined;
    },
  };
  const provider = new Provider(issuer, configuration);
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
const unescape = (text: string) => text.replace(/&amp;/g, '&').replace(/&#x2F;/g, '/').replace(/&#x3D;/g, '=').replace(/&quot;/g, '"');

/**
 * A browser at the provider: follows its redirects from the authorisation address, posts its login form as
 * `login` (any password) and its consent form, with its cookies, until it sends the browser to `redirectUri`;
 * answers that address (the callback with code and state).
 */
export async function signInAtProvider(authorizationUrl: string, login: string, redirectUri: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let request: { url: URL; method: 'GET' | 'POST'; body?: URLSearchParams } = { url: new URL(authorizationUrl), method: 'GET' };
  for (let step = 0; step < 20; step++) {
    const response = await fetch(request.url, {
      method: request.method,
      body: request.body,
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, request.url);
      if (next.toString().startsWith(redirectUri)) return next;
      request = { url: next, method: 'GET' };
      continue;
    }
    const html = await response.text();
    const form = /<form[^>]*>/.exec(html)?.[0];
    const action = form ? attribute(form, 'action') : undefined;
    if (response.status !== 200 || !action) throw new Error(`the provider answered ${response.status} without a form: ${html.slice(0, 300)}`);
    const body = new URLSearchParams();
    for (const input of html.match(/<input[^>]*>/g) ?? []) {
      const name = attribute(input, 'name');
      if (name === 'login') body.set('login', login);
      else if (name === 'password') body.set('password', 'any password');
      else if (name) body.set(name, unescape(attribute(input, 'value') ?? ''));
    }
    request = { url: new URL(unescape(action), request.url), method: 'POST', body };
  }
  throw new Error('the provider never sent the browser back');
}
