import net from 'node:net';

/** A free TCP port on 127.0.0.1 (the issuer contains the port, so it is chosen before the app is built). */
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

export interface StoredCookie {
  name: string;
  value: string;
  path: string;
  attributes: string[];
}

/**
 * A small browser cookie jar: name + path matching, expiry by `Expires` in the past or `Max-Age=0`, and the
 * attributes kept for assertions. SameSite and Secure are not enforced (the tests call one origin over http).
 */
export class CookieJar {
  private cookies = new Map<string, StoredCookie>();

  store(res: Response) {
    for (const header of res.headers.getSetCookie()) {
      const [pair, ...rest] = header.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const attributes = rest.map((a) => a.trim());
      const pathAttr = attributes.find((a) => a.toLowerCase().startsWith('path='));
      const path = pathAttr ? pathAttr.slice(5) : '/';
      const expired =
        attributes.some((a) => /^expires=Thu, 01 Jan 1970/i.test(a) || /^max-age=0$/i.test(a)) ||
        value === '';
      const key = `${name}@${path}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path, attributes });
    }
  }

  get(name: string): StoredCookie | undefined {
    return [...this.cookies.values()].find((c) => c.name === name);
  }

  set(cookie: StoredCookie) {
    this.cookies.set(`${cookie.name}@${cookie.path}`, cookie);
  }

  delete(name: string) {
    for (const [key, c] of this.cookies) if (c.name === name) this.cookies.delete(key);
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
}

/** One browser request with the jar; no automatic redirects. */
export async function browse(
  baseUrl: string,
  jar: CookieJar,
  url: string,
  init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Response> {
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
}

/** The login form of the embedded provider's page: its action and hidden fields. */
export function formOf(html: string) {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  const hidden = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
  );
  return { action: action!, hidden };
}
