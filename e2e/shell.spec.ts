import type { Page } from '@playwright/test';
import { DEMO, expect, expectNoSeriousA11yViolations, isProviderUrl, signIn, test } from './fixtures.ts';

/** Issue 3: the web app shell — deep links through the sign-in, layout per viewport, language, sign-out, a11y. */

const GROUPS_DE = ['Allgemein', 'Persönliches', 'Mitgliedschaften', 'Auszeichnungen', 'Sonstiges'];
const GROUPS_EN = ['General', 'Personal', 'Memberships', 'Awards', 'Miscellaneous'];

const isDesktop = () => test.info().project.name === 'desktop';

/** On mobile the menu is an overlay: 'Mehr' in the tab bar opens it. */
async function openMenu(page: Page) {
  if (!isDesktop()) await page.locator('#myTabBar').getByRole('button').last().click();
  const menu = page.getByRole('navigation', { name: /Hauptmenü|Main menu/ });
  await expect(menu).toBeVisible();
  return menu;
}

async function storedTokenKeys(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((key) => key.endsWith('-token')),
  );
}

test.describe('web app shell', () => {
  test('a deep link to /events survives the provider login', async ({ page }) => {
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen im Vereinsheim' })).toBeVisible();
    await signIn(page, DEMO.demo.email, DEMO.demo.password, { expectPath: '/events' });
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByRole('heading', { name: 'Veranstaltungen' }).first()).toBeVisible();
    expect(new URL(page.url()).search).not.toMatch(/code=|state=/);
    expect(await storedTokenKeys(page)).toHaveLength(1);
  });

  test('desktop shows the side menu with its five groups; mobile shows #myTabBar instead', async ({
    page,
  }) => {
    await signIn(page, DEMO.demo.email, DEMO.demo.password, { from: '/', expectPath: '/' });
    await expect(page.getByRole('heading', { name: /Hallo Mia!/ })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
    if (isDesktop()) {
      await expect(menu).toBeVisible();
      for (const group of GROUPS_DE) await expect(menu.getByRole('heading', { name: group })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Übersicht' })).toHaveAttribute('aria-current', 'page');
      await expect(page.locator('#myTabBar')).toBeHidden();
    } else {
      const tabBar = page.locator('#myTabBar');
      await expect(tabBar).toBeVisible();
      await expect(tabBar.getByRole('link', { name: 'News' })).toBeVisible();
      await expect(tabBar.getByRole('link', { name: 'Kalender' })).toBeVisible();
      await expect(tabBar.getByRole('button', { name: 'Mehr' })).toBeVisible();
      await expect(menu).toBeHidden();
      await tabBar.getByRole('link', { name: 'Kalender' }).click();
      await expect(page).toHaveURL(/\/calendar$/);
      await tabBar.getByRole('button', { name: 'Mehr' }).click();
      await expect(menu).toBeVisible();
      for (const group of GROUPS_DE) await expect(menu.getByRole('heading', { name: group })).toBeVisible();
    }
  });

  test('switching the language changes the menu texts and is remembered', async ({ page }) => {
    await signIn(page, DEMO.demo.email, DEMO.demo.password, { from: '/account', expectPath: '/account' });
    await expect(page.getByRole('heading', { name: 'Konto' }).first()).toBeVisible();
    await page.getByRole('radio', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Account' }).first()).toBeVisible();
    let menu = await openMenu(page);
    for (const group of GROUPS_EN) await expect(menu.getByRole('heading', { name: group })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.reload();
    menu = await openMenu(page);
    await expect(menu.getByRole('heading', { name: 'General' })).toBeVisible();
  });

  test('sign-out ends on the signed-out screen, removes the token and ends the provider session', async ({
    page,
  }) => {
    await signIn(page, DEMO.demo.email, DEMO.demo.password, { from: '/account', expectPath: '/account' });
    expect(await storedTokenKeys(page)).toHaveLength(1);
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/signed-out', { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen im Vereinsheim' })).toBeVisible();
    expect(await storedTokenKeys(page)).toEqual([]);

    // Signing in again must ask for the password: the provider session is gone.
    await page.getByRole('button', { name: 'Jetzt anmelden' }).click();
    await page.waitForURL((url) => isProviderUrl(url), { timeout: 20_000 });
    await expect(page.locator('input[autocomplete="current-password"]')).toBeVisible();
  });

  test('axe-core: no serious or critical violations on the signed-out screen, the provider login and the dashboard', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Jetzt anmelden' })).toBeVisible();
    const signedOut = await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Jetzt anmelden' }).click();
    await expect(page.locator('input[autocomplete="username"]')).toBeVisible();
    const provider = await expectNoSeriousA11yViolations(page);

    await signIn(page, DEMO.demo.email, DEMO.demo.password, { expectPath: '/' });
    await expect(page.getByRole('heading', { name: /Hallo Mia!/ })).toBeVisible();
    const dashboard = await expectNoSeriousA11yViolations(page);

    test.info().annotations.push({
      type: 'axe',
      description: `minor/moderate: signed-out ${signedOut.length}, provider ${provider.length}, dashboard ${dashboard.length}`,
    });
  });
});
