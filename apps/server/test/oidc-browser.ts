import net from 'node:net';
import * as oidc from 'openid-client';
import { createTestContext, type TestContext } from './harness.ts';

/** The issuer contains the port, so the port is chosen before the app is built. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A minimal browser cookie jar (name + path), enough for the provider's cookies. */
export class CookieJar {
  private cookies = new Map<string, { name: string; value: string; path: string }>();

  store(res: Response) {
    for (const header of res.headers.getSetCookie()) {
      const [pair, ...attrs] = header.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const pathAttr = attrs.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith('path='));
      const path = pathAttr ? pathAttr.slice(5) : '/';
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      const key = `${name}@${path}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  header(url: URL): string {
    return [...this.cookies.values()]
      .filter(
        (c) =>
          url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  /** Cookie names, for assertions. */
  names(): string[] {
    return [...this.cookies.values()].map((c) => c.name);
  }
}

/** The form's action and hidden fields of a provider page. */
export function formOf(html: string) {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  const hidden = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
  );
  return { action: action!, hidden };
}

export interface Flow {
  jar: CookieJar;
  verifier: string;
  state: string;
  nonce: string | undefined;
  url: URL;
}

export interface BrowseInit {
  method?: string;
  form?: Record<string, string>;
  /** Extra request headers (e.g. X-Forwarded-For through a trusted proxy). */
  headers?: Record<string, string>;
}

/**
 * A relying party (openid-client) and a person's browser (fetch with a cookie jar, no automatic redirects)
 * against the real embedded provider of a test app listening on a real port.
 */
export interface OidcDriver {
  ctx: TestContext;
  baseUrl: string;
  redirectUri: string;
  /** The RP's view of the provider (discovery done). */
  config: oidc.Configuration;
  browse(jar: CookieJar, url: string, init?: BrowseInit): Promise<Response>;
  /** Follows redirects until the client's redirect URI (returned, not fetched) or a page. */
  follow(jar: CookieJar, res: Response, init?: BrowseInit): Promise<{ callback?: URL; page?: Response }>;
  startFlow(jar?: CookieJar, extra?: Record<string, string>): Promise<Flow>;
  /** Opens the authorization URL and returns the login page (or the callback if a session exists). */
  openLogin(flow: Flow, init?: BrowseInit): Promise<{ page?: Response; callback?: URL; html: string }>;
  submitLogin(
    flow: Flow,
    html: string,
    email: string,
    password: string,
    init?: BrowseInit,
  ): Promise<{ callback?: URL; page?: Response }>;
  exchange(flow: Flow, callback: URL): ReturnType<typeof oidc.authorizationCodeGrant>;
  signIn(
    email: string,
    password: string,
    jar?: CookieJar,
    extra?: Record<string, string>,
  ): Promise<{ flow: Flow; tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>> }>;
  close(): Promise<void>;
}

/** The web client's scope: OpenID Connect scopes plus `api` for an API access token. */
export const WEB_SCOPE = 'openid profile email offline_access api';

export async function startOidcDriver(env: Record<string, string> = {}): Promise<OidcDriver> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const ctx = await createTestContext({ PUBLIC_URL: baseUrl, ...env });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  const redirectUri = `${baseUrl}/signin-oidc`;
  const config = await oidc.discovery(
    new URL(ctx.config.oidc.issuer),
    ctx.config.oidc.clientId,
    undefined,
    oidc.None(),
    { execute: [oidc.allowInsecureRequests] },
  );

  const browse: OidcDriver['browse'] = async (jar, url, init = {}) => {
    const target = new URL(url, baseUrl);
    const headers: Record<string, string> = {
      accept: 'text/html',
      cookie: jar.header(target),
      ...init.headers,
    };
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(target, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    jar.store(res);
    return res;
  };

  const follow: OidcDriver['follow'] = async (jar, res, init = {}) => {
    let current = res;
    for (let i = 0; i < 10; i++) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location) return { page: current };
      const next = new URL(location, current.url || baseUrl);
      if (next.href.startsWith(redirectUri) || next.protocol === 'de.vereinsheim.app:')
        return { callback: next };
      current = await browse(jar, next.href, { headers: init.headers });
    }
    throw new Error('too many redirects');
  };

  const startFlow: OidcDriver['startFlow'] = async (jar = new CookieJar(), extra = {}) => {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: WEB_SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...extra,
    });
    return { jar, verifier, state, nonce: extra.nonce, url };
  };

  const openLogin: OidcDriver['openLogin'] = async (flow, init = {}) => {
    const { page, callback } = await follow(flow.jar, await browse(flow.jar, flow.url.href, init), init);
    return { page, callback, html: page ? await page.text() : '' };
  };

  const submitLogin: OidcDriver['submitLogin'] = async (flow, html, email, password, init = {}) => {
    const { action } = formOf(html);
    const res = await browse(flow.jar, action, { form: { email, password }, headers: init.headers });
    return follow(flow.jar, res, init);
  };

  const exchange: OidcDriver['exchange'] = (flow, callback) =>
    oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
    });

  const signIn: OidcDriver['signIn'] = async (email, password, jar = new CookieJar(), extra = {}) => {
    const flow = await startFlow(jar, extra);
    const { html, callback: silent } = await openLogin(flow);
    if (silent) return { flow, tokens: await exchange(flow, silent) };
    const { callback, page } = await submitLogin(flow, html, email, password);
    if (!callback)
      throw new Error(`no callback: ${page?.status} ${page?.url} ${(await page?.text())?.slice(0, 2000)}`);
    return { flow, tokens: await exchange(flow, callback) };
  };

  return {
    ctx,
    baseUrl,
    redirectUri,
    config,
    browse,
    follow,
    startFlow,
    openLogin,
    submitLogin,
    exchange,
    signIn,
    close: () => ctx.close(),
  };
}
