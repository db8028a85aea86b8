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

  test('a visitor without a session sees the signed-out screen before any script has run (ADR 0052)', async ({
    browser,
    baseURL,
  }, testInfo) => {
    const context = await browser.newContext({ ...testInfo.project.use, baseURL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/events');
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect(page.getByRole('heading', { level: 1, name: 'Willkommen im Vereinsheim' })).toBeVisible();
      // Usable once the script runs it: until then a tap would be lost.
      await expect(page.getByRole('button', { name: 'Jetzt anmelden' })).toBeDisabled();
      // The description a search result or a link preview shows.
      const description = page.locator('meta[name="description"]');
      await expect(description).toHaveAttribute(
        'content',
        'Vereinsheim – das Mitgliederportal deines Sportvereins',
      );
      // In the language the app was last shown in (its cookie).
      await context.addCookies([{ name: 'vh_language', value: 'en', url: baseURL! }]);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Vereinsheim' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in now' })).toBeDisabled();
      await expect(description).toHaveAttribute(
        'content',
        'Vereinsheim – the member portal of your sports club',
      );
    } finally {
      await context.close();
    }
  });

  test(
    'a returning member sees the loading screen before any script has run (ADR 0052)',
    { tag: '@desktop-only' },
    async ({ browser, baseURL }, testInfo) => {
      const context = await browser.newContext({
        ...testInfo.project.use,
        baseURL,
        javaScriptEnabled: false,
      });
      try {
        const page = await context.newPage();
        await openSignedIn(page, DEMO.demo.email, DEMO.demo.password, '/events');
        await expect(page.getByRole('status')).toHaveText('Seite wird geladen...');
        await expect(page.getByRole('button', { name: 'Jetzt anmelden' })).toBeHidden();
        await context.addCookies([{ name: 'vh_language', value: 'en', url: baseURL! }]);
        await page.goto('/');
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
        await expect(page.getByRole('status')).toHaveText('Loading page...');
      } finally {
        await context.close();
      }
    },
  );

  test('the start-up takes the drawn signed-out screen over as it is, in the language chosen before', async ({
    page,
    context,
    baseURL,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The first heading the page's parser puts in, kept to compare with the one the app shows.
    await page.addInitScript(() => {
      const seen = window as unknown as { drawnHeading?: Element; drawnText?: string };
      new MutationObserver((_, observer) => {
        const heading = document.querySelector('h1');
        if (!heading) return;
        seen.drawnHeading = heading;
        seen.drawnText = heading.textContent ?? '';
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto('/');
    const start = page.getByRole('button', { name: 'Jetzt anmelden' });
    await expect(start).toBeEnabled();
    expect(
      await page.evaluate(() => {
        const seen = window as unknown as { drawnHeading?: Element };
        return seen.drawnHeading === document.querySelector('h1') && seen.drawnHeading?.isConnected;
      }),
    ).toBe(true);
    // The start-up read the session behind the screen, and left it standing.
    await expect(start).toBeVisible();
    expect(await page.locator('.vh-spinner').count()).toBe(0);

    // English chosen in this browser before the language had a cookie: drawn in German, shown in English,
    // and drawn in English from the next load on.
    await context.clearCookies();
    await page.evaluate(() => localStorage.setItem('vereinsheim_language', 'en'));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Vereinsheim' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => (window as unknown as { drawnText?: string }).drawnText)).toBe(
      'Willkommen im Vereinsheim',
    );
    const cookies = await context.cookies(baseURL);
    expect(cookies.find((c) => c.name === 'vh_language')?.value).toBe('en');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in now' })).toBeEnabled();
    expect(await page.evaluate(() => (window as unknown as { drawnText?: string }).drawnText)).toBe(
      'Welcome to Vereinsheim',
    );
    expect(errors).toEqual([]);
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
      // Nothing the pages ask for on the way is missing: the provider's pages name the portal's icon, or the
      // browser asks for /favicon.ico (a request of the browser's own, seen only in the console).
      const missing: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /status of 404/.test(message.text()))
          missing.push(new URL(message.location().url).pathname);
      });
      await signIn(page, DEMO.demo.email, DEMO.demo.password, { from: '/', expectPath: '/' });
      await expect(page.getByRole('heading', { name: 'Hallo Mia!' })).toBeVisible();
      expect(missing).toEqual([]);
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
