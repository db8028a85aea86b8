import { DEMO, expect, signIn, test } from './fixtures.ts';

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
      await signIn(page, DEMO.demo.email, DEMO.demo.password, { from: '/', expectPath: '/' });
      await expect(page.getByRole('button', { name: 'Jetzt anmelden' })).toBeHidden();
    },
  );
});
