/**
 * Shared fixtures and helpers for the end-to-end specs. Import `test` and `expect` from here
 * (not from @playwright/test) to get them. See e2e/README.md.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './support/server.ts';

export { expect };

/** The demo accounts seeded by the server (apps/server/src/seed/demo.ts). */
export const DEMO_PASSWORD = 'vereinsheim-demo';
export const DEMO = {
  /** Mia Hoffmann, member of TSV Grünwald and SC Rheinaue. */
  demo: { email: 'demo@vereinsheim.example', password: DEMO_PASSWORD },
  /** Reviewer in TSV Grünwald. */
  pruefer: { email: 'pruefer@vereinsheim.example', password: DEMO_PASSWORD },
  /** Committee, organiser and admin in TSV Grünwald. */
  vorstand: { email: 'vorstand@vereinsheim.example', password: DEMO_PASSWORD },
} as const;

/** True while the page shows the embedded provider's pages (under /oidc). */
export function isProviderUrl(url: string | URL): boolean {
  return new URL(url).pathname.startsWith('/oidc');
}

export interface SignInOptions {
  /** Navigate here first (e.g. a deep link such as '/events'); otherwise the page's current URL is used. */
  from?: string;
  /** Wait until the browser is back in the app on this path (string = exact path, RegExp = matches path). */
  expectPath?: string | RegExp;
  timeout?: number;
}

/**
 * Signs in through the real embedded provider's login page.
 *
 * The page must be on (or about to be sent to) the provider's login page, or on a screen offering
 * 'Jetzt anmelden'. Fills e-mail (autocomplete=username) and password (autocomplete=current-password),
 * presses 'Anmelden' and waits until the browser has come back to the app (not /oidc, not /signin-oidc).
 */
export async function signIn(page: Page, email: string, password: string, options: SignInOptions = {}) {
  const timeout = options.timeout ?? 20_000;
  if (options.from) await page.goto(options.from);

  const emailInput = page.locator('input[autocomplete="username"]');
  const startButton = page.getByRole('button', { name: 'Jetzt anmelden' });
  // Either the app redirects to the provider on its own, or it shows the signed-out screen.
  await expect(emailInput.or(startButton).first()).toBeVisible({ timeout });
  if (!isProviderUrl(page.url())) {
    await startButton.click();
    await expect(emailInput).toBeVisible({ timeout });
  }

  await emailInput.fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();

  await page.waitForURL(
    (url) => {
      if (isProviderUrl(url) || url.pathname.startsWith('/signin-oidc')) return false;
      if (options.expectPath === undefined) return true;
      return typeof options.expectPath === 'string'
        ? url.pathname === options.expectPath
        : options.expectPath.test(url.pathname);
    },
    { timeout },
  );
  // Back in the app: its start-up has not necessarily read the session yet. Until it has, the post-login target
  // it remembered is still in session storage (REDIRECT_KEY of apps/web/src/shared/auth/redirect.ts), and a page
  // load started now would take it and land there instead of where it was asked to go.
  await page.waitForFunction(() => sessionStorage.getItem('vereinsheim_redirect') === null, undefined, {
    timeout,
  });
}

/**
 * Opens `path` in the browser of a member who signed in before: a returning session. The sign-in goes through the
 * real provider and the server's callback (GET /bff/login, the provider's login form posted with the e-mail
 * address and the password, the redirects back to /signin-oidc) as HTTP requests of this page's browser context,
 * so the context holds the session cookie as after a sign-in in the browser. The session is read once
 * (GET /bff/session), as the page after the sign-in would: the app then starts as for a returning member, without
 * the screen held for 4 s after a fresh sign-in (spec: sign-in screen). For journeys that are not about signing
 * in; signIn() covers the sign-in in the browser (smoke.spec.ts, shell.spec.ts).
 */
export async function openSignedIn(
  page: Page,
  email: string,
  password: string,
  path: string,
  options: { expectPath?: string | RegExp } = {},
) {
  // `path` may be a full URL of another server (a spec's own); the sign-in then goes to that server.
  const target = new URL(path, 'http://app.invalid');
  const origin = target.origin === 'http://app.invalid' ? '' : target.origin;
  const returnTo = `${target.pathname}${target.search}`;
  const login = await page.request.get(`${origin}/bff/login?returnTo=${encodeURIComponent(returnTo)}`);
  const html = await login.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  if (!isProviderUrl(login.url()) || !action)
    throw new Error(`no login form for ${email}: ${login.status()} ${login.url()}`);
  const back = await page.request.post(new URL(action, login.url()).href, { form: { email, password } });
  if (isProviderUrl(back.url()) || !back.ok())
    throw new Error(`sign-in of ${email} refused: ${back.status()} ${back.url()}`);
  const session = await page.request.get(`${origin}/bff/session`);
  if (!session.ok()) throw new Error(`no session for ${email} after the sign-in: ${session.status()}`);
  await page.goto(path);
  const expected = options.expectPath ?? target.pathname;
  await page.waitForURL((url) =>
    typeof expected === 'string' ? url.pathname === expected : expected.test(url.pathname),
  );
}

/**
 * Runs axe-core on the page (WCAG 2 A/AA rules) and fails listing every serious or critical violation.
 * Returns all violations so that a spec can report the minor ones.
 */
export async function expectNoSeriousA11yViolations(page: Page, options: { exclude?: string[] } = {}) {
  // In the page itself (legacy mode), not finished in a new blank page: the app has no frames (ADR 0031).
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map(
    (v) => `${v.impact}: ${v.id} — ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary, 'serious or critical accessibility violations').toEqual([]);
  return violations;
}

export interface Fixtures {
  /**
   * Option: run this test against its own server with a fresh database (for destructive tests).
   * `test.use({ freshDatabase: true })`; then `page`, `request` and `baseURL` all point at that server.
   */
  freshDatabase: boolean;
  /** The server the test talks to: the shared one, or a fresh one when `freshDatabase` is set. */
  server: { baseURL: string; dataDir: string; fresh: boolean };
}

export const test = base.extend<Fixtures>({
  freshDatabase: [false, { option: true }],
  server: [
    async ({ freshDatabase }, use) => {
      if (!freshDatabase) {
        await use({
          baseURL: process.env.E2E_BASE_URL!,
          dataDir: process.env.E2E_DATA_DIR ?? '',
          fresh: false,
        });
        return;
      }
      // A second instance with its own DATA_DIR; started on demand, stopped after the test.
      let fresh: RunningServer | undefined;
      try {
        fresh = await startServer();
        await use({ baseURL: fresh.baseURL, dataDir: fresh.dataDir, fresh: true });
      } finally {
        await fresh?.stop();
      }
    },
    // Starting a server (migrations + demo seed on PGlite) takes a while on two shared cores.
    { timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
});
