// A tiny browser for the sign-in tests: fetch with a cookie jar and redirects followed by hand
// (303 turns into GET), so every hop of the OpenID flow is visible.

export interface Page {
  url: URL;
  status: number;
  headers: Headers;
  body: string;
  /** Every address visited, the first one included. */
  history: string[];
}

interface Cookie {
  name: string;
  value: string;
  path: string;
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

export class Browser {
  private readonly jar = new Map<string, Cookie>();

  cookieNames(): string[] {
    return [...this.jar.values()].map((c) => c.name);
  }

  clearCookies(): void {
    this.jar.clear();
  }

  private store(url: URL, setCookies: string[]): void {
    for (const header of setCookies) {
      const [pair, ...attributes] = header.split(';').map((part) => part.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      let path = url.pathname.replace(/\/[^/]*$/, '') || '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key, ...rest] = attribute.split('=');
        const v = rest.join('=');
        switch (key!.toLowerCase()) {
          case 'path':
            path = v || '/';
            break;
          case 'expires':
            if (Date.parse(v) <= Date.now()) expired = true;
            break;
          case 'max-age':
            if (Number(v) <= 0) expired = true;
            break;
        }
      }
      const key = `${name}\n${path}`;
      if (expired) this.jar.delete(key);
      else this.jar.set(key, { name, value, path });
    }
  }

  private cookieHeader(url: URL): string | undefined {
    const matching = [...this.jar.values()].filter((c) => pathMatches(url.pathname, c.path));
    return matching.length ? matching.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }

  /** One request, no redirect followed. */
  async request(
    target: string | URL,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const url = new URL(target);
    const headers: Record<string, string> = { accept: 'text/html,application/json', ...init.headers };
    const cookie = this.cookieHeader(url);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
    this.store(url, response.headers.getSetCookie());
    return response;
  }

  /**
   * Follows redirects until a page answers, or until `stopAt` says an address is where the test
   * wants to stop (it is then not requested, like the app's /auth-callback screen).
   */
  async open(
    target: string | URL,
    init: { method?: string; form?: Record<string, string> } = {},
    stopAt: (url: URL) => boolean = () => false,
  ): Promise<Page> {
    let url = new URL(target);
    const history = [url.href];
    let current = init;
    for (let hop = 0; hop < 15; hop += 1) {
      if (stopAt(url)) return { url, status: 0, headers: new Headers(), body: '', history };
      const response = await this.request(url, current);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url);
        history.push(url.href);
        current = response.status === 307 || response.status === 308 ? current : {};
        continue;
      }
      return { url, status: response.status, headers: response.headers, body: await response.text(), history };
    }
    throw new Error(`Too many redirects: ${history.join(' -> ')}`);
  }
}

/** The `action` of the first form of an HTML page, resolved against the page's address. */
export function formAction(page: Page): URL {
  const match = /<form[^>]*\baction="([^"]+)"/i.exec(page.body);
  if (!match) throw new Error(`No form on ${page.url.href} (${page.status}): ${page.body.slice(0, 300)}`);
  return new URL(match[1]!.replace(/&amp;/g, '&'), page.url);
}

/** The hidden inputs of the first form, e.g. oidc-provider's xsrf token. */
export function hiddenInputs(page: Page): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const match of page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\s*\/?>/g)) {
    inputs[match[1]!] = match[2]!;
  }
  return inputs;
}
