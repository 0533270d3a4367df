import * as oidc from 'openid-client';

export type TOidcSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** For the built-in provider: answers its requests in-process instead of over the network. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
};

/** The relying party: discovers the provider once, lazily, and retries discovery after a failure. */
export function createOidcClient(settings: TOidcSettings) {
  let configuration: Promise<oidc.Configuration> | null = null;

  const discover = () => {
    configuration ??= (async () => {
      const options: oidc.DiscoveryRequestOptions = {};
      if (settings.issuer.startsWith('http://')) options.execute = [oidc.allowInsecureRequests];
      if (settings.fetch) options[oidc.customFetch] = settings.fetch as any;
      const config = await oidc.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, options);
      if (settings.fetch) config[oidc.customFetch] = settings.fetch as any;
      return config;
    })().catch((error) => {
      configuration = null;
      throw error;
    });
    return configuration;
  };

  return {
    async authorizationUrl(redirectUri: string) {
      const config = await discover();
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, verifier, state, nonce };
    },

    /** Exchanges the code; the ID token's signature, issuer, audience and nonce are verified. */
    async finish(currentUrl: URL, check: { verifier: string; state: string; nonce: string }) {
      const config = await discover();
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: check.verifier,
        expectedState: check.state,
        expectedNonce: check.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims()!;
      return { claims, idToken: tokens.id_token ?? null };
    },

    async endSessionUrl(idToken: string | null, postLogoutRedirectUri: string) {
      try {
        const config = await discover();
        if (!config.serverMetadata().end_session_endpoint) return null;
        return oidc
          .buildEndSessionUrl(config, {
            post_logout_redirect_uri: postLogoutRedirectUri,
            ...(idToken ? { id_token_hint: idToken } : {}),
          })
          .href;
      } catch {
        return null;
      }
    },
  };
}

export type TOidcClient = ReturnType<typeof createOidcClient>;
