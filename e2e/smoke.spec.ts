import { DEMO, expect, openSignedIn, signIn, test } from './fixtures.ts';

test.describe('smoke', () => {
  test(
    'the provider publishes its discovery document with PKCE S256',
    { tag: '@desktop-only' },
    async ({ request }) => {
      const res = await request.get('/oidc/.well-known/openid-configuration');
      expect(res.status()).toBe(200);
      const meta = (await res.json()) as { issuer: string; code_challenge_methods_supported?: string[] };
      expect(meta.code_challenge_methods_supported).toContain('S256');
      expect(meta.issuer).toMatch(/\/oidc$/);
    },
  );

  test('the signed-out start page renders in German', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Permissions-Policy')) warnings.push(message.text());
    });
    const res = await page.goto('/');
    // A restrictive Permissions-Policy that Chromium reads without complaint (no unknown features).
    expect(res?.headers()['permissions-policy']).toContain('camera=()');
    expect(res?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen im Vereinsheim' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Jetzt anmelden' })).toBeVisible();
    expect(warnings).toEqual([]);
  });

  test(
    'signIn() goes through the provider and back into the app',
    { tag: '@desktop-only' },
    async ({ page }) => {
      // The texts of the app's status line, in the order shown (recorded in the page: the hold's first text
      // shows for 1 s, which a loaded machine may let pass between two of the test's looks).
      await page.addInitScript(() => {
        const shown: string[] = [];
        (window as unknown as { statusTexts: string[] }).statusTexts = shown;
        new MutationObserver(() => {
          const text = document.querySelector('[role="status"] .vh-status')?.textContent ?? '';
          if (text && shown.at(-1) !== text) shown.push(text);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await signIn(page, DEMO.demo.email, DEMO.demo.password, { from: '/', expectPath: '/' });
      await expect(page.getByRole('heading', { name: 'Hallo Mia!' })).toBeVisible();
      // Back from the provider, the app held its content back (spec: sign-in screen, 4 s): first 'Sie werden
      // angemeldet.', then 'Sie werden weitergeleitet.', then the dashboard.
      const shown = await page.evaluate(() => (window as unknown as { statusTexts: string[] }).statusTexts);
      expect(shown.filter((text) => text.startsWith('Sie werden'))).toEqual([
        'Sie werden angemeldet.',
        'Sie werden weitergeleitet.',
      ]);
      await expect(page.getByRole('button', { name: 'Jetzt anmelden' })).toBeHidden();
    },
  );

  test(
    'in English, the provider’s sign-in page speaks English too',
    { tag: '@desktop-only' },
    async ({ page }) => {
      // The language the person chose in the app (the switch on /account stores it so); the browser prefers German.
      await page.addInitScript(() => localStorage.setItem('vereinsheim_language', 'en'));
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign in now' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
      await page.getByLabel('Email address').fill(DEMO.demo.email);
      await page.getByLabel('Password').fill('falsch');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText('Email address or password is wrong.');
      await page.getByLabel('Password').fill(DEMO.demo.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Hello Mia!' })).toBeVisible({ timeout: 20_000 });
    },
  );

  test(
    'openSignedIn() signs in through the provider over HTTP and opens the page as for a returning member',
    { tag: '@desktop-only' },
    async ({ page, browser }) => {
      const loaded: string[] = [];
      page.on('framenavigated', (frame) => frame === page.mainFrame() && loaded.push(frame.url()));
      await openSignedIn(page, DEMO.demo.email, DEMO.demo.password, '/events');
      await expect(page.getByRole('heading', { name: 'Veranstaltungen' }).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Jetzt anmelden' })).toBeHidden();
      // The browser itself never showed the provider's pages: only the app's page was loaded.
      expect(loaded.filter((url) => new URL(url).pathname.startsWith('/oidc'))).toEqual([]);
      // A wrong password is refused by the provider, and the helper says so instead of opening a signed-out page.
      const stranger = await browser.newContext();
      try {
        const other = await stranger.newPage();
        await expect(openSignedIn(other, DEMO.vorstand.email, 'falsch', '/')).rejects.toThrow(/refused/);
      } finally {
        await stranger.close();
      }
    },
  );
});
