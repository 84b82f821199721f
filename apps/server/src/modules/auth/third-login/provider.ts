import * as oidc from 'openid-client';

/** The deployment's OpenID Connect provider (config.ts OIDC_*). */
export type OidcSettings = { issuer: string; clientId: string; clientSecret: string; redirectUri: string; name: string; allowHttp: boolean };

/** Who the provider says signed in, from the validated ID token (and the userinfo endpoint for what the token leaves out). */
export type OidcIdentity = { issuer: string; subject: string; email: string | null; emailVerified: boolean; displayName: string };

/** What the authorisation request needs kept until the callback: the browser carries only `state`. */
export type AuthorizationChecks = { state: string; nonce: string; codeVerifier: string };

const text = (value: unknown, max: number): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null);

/** Some providers (Cognito) send the flag as the string "true"; anything else is not a verified address. */
const verified = (value: unknown) => value === true || value === 'true';

/**
 * The relying party, over `openid-client`: discovery (kept once it succeeded, retried after a failure),
 * the authorisation code flow with PKCE (S256), state and nonce; the library validates the ID token
 * (signature against the provider's keys, issuer, audience, expiry, nonce).
 */
export class OidcClient {
  #configuration: Promise<oidc.Configuration> | undefined;

  constructor(readonly settings: OidcSettings) {}

  private configuration(): Promise<oidc.Configuration> {
    if (!this.#configuration) {
      const { issuer, clientId, clientSecret, allowHttp } = this.settings;
      const execute = [oidc.enableNonRepudiationChecks, ...(allowHttp ? [oidc.allowInsecureRequests] : [])];
      const pending = oidc.discovery(new URL(issuer), clientId, clientSecret, oidc.ClientSecretBasic(clientSecret), { execute, timeout: 10 });
      this.#configuration = pending;
      // a provider that was down is asked again by the next sign-in
      pending.catch(() => {
        if (this.#configuration === pending) this.#configuration = undefined;
      });
    }
    return this.#configuration;
  }

  /** The provider's authorisation address for a new attempt, and the values its callback is checked against. */
  async begin(): Promise<{ url: string; checks: AuthorizationChecks }> {
    const configuration = await this.configuration();
    const checks = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.settings.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    });
    return { url: url.toString(), checks };
  }

  /** Trades the callback's code for tokens (its query string as the provider sent it) and reads the identity. */
  async finish(callbackQuery: string, checks: AuthorizationChecks): Promise<OidcIdentity> {
    const configuration = await this.configuration();
    const current = new URL(this.settings.redirectUri);
    current.search = callbackQuery;
    const tokens = await oidc.authorizationCodeGrant(configuration, current, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('no ID token');
    // a provider may keep e-mail out of the ID token of a code flow (oidc-provider does): ask userinfo, for the same subject
    const userInfo = configuration.serverMetadata().userinfo_endpoint && tokens.access_token ? await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub) : {};
    // what the signed ID token says wins over userinfo
    const claims: Record<string, unknown> = { ...userInfo, ...idToken };
    const email = text(claims.email, 255);
    return {
      issuer: idToken.iss.slice(0, 500),
      subject: idToken.sub.slice(0, 255),
      email,
      emailVerified: email !== null && verified(claims.email_verified),
      displayName: text(claims.name, 200) ?? text(claims.preferred_username, 200) ?? email ?? idToken.sub.slice(0, 200),
    };
  }
}

/** The OIDC_* settings of config.ts. */
export type OidcConfig = {
  OIDC_ISSUER?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_CLIENT_SECRET?: string;
  OIDC_PROVIDER_NAME?: string;
  PUBLIC_URL?: string;
  OIDC_REDIRECT_URI?: string;
  OIDC_ALLOW_HTTP?: boolean;
};

/** The deployment's provider, or none when OIDC_ISSUER is absent (config.ts has checked that the rest is there). */
export function oidcClientOf(config: OidcConfig): OidcClient | undefined {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = config;
  if (!issuer || !clientId || !clientSecret) return undefined;
  const redirectUri = config.OIDC_REDIRECT_URI ?? (config.PUBLIC_URL ? new URL('/api/thirdLogin/callback', config.PUBLIC_URL).toString() : undefined);
  if (!redirectUri) return undefined;
  return new OidcClient({ issuer, clientId, clientSecret, redirectUri, name: config.OIDC_PROVIDER_NAME ?? 'OpenID Connect', allowHttp: config.OIDC_ALLOW_HTTP ?? false });
}
