import { DEMO, expect, isProviderUrl, signIn, test } from './fixtures.ts';

test.describe('personal data', () => {
  test(
    'add an address, share it internally with one club, see the club on /profile and the log entry',
    { tag: '@desktop-only' },
    async ({ page }) => {
      await signIn(page, DEMO.demo.email, DEMO.demo.password, {
        from: '/profile/address',
        expectPath: '/profile/address',
      });
      await page.locator('ion-button:visible', { hasText: 'Adresse hinzufügen' }).click();
      await page.getByLabel('Straße *').fill('Musterweg');
      await page.getByLabel('Hausnummer').fill('5');
      await page.getByLabel('PLZ *').fill('10115');
      await page.getByLabel('Ort *').fill('Berlin');
      await page.locator('ion-button:visible', { hasText: 'Speichern' }).click();

      const item = page.locator('ion-item:visible').filter({ hasText: 'Musterweg 5, 10115 Berlin' });
      await expect(item).toBeVisible();
      await expect(item.getByText(/Neu angelegt/)).toBeVisible();
      const club = item.locator('.vh-sharing-club').filter({ hasText: 'TSV Grünwald 1894 e.V.' });
      await club.locator('ion-toggle', { hasText: 'Interne Ansicht (Kontakt)' }).click();
      await expect(club.locator('ion-toggle', { hasText: 'Interne Ansicht (Kontakt)' })).toHaveJSProperty(
        'checked',
        true,
      );

      await page.goto('/profile');
      const overview = page.locator('ion-item:visible').filter({ hasText: 'Musterweg 5, 10115 Berlin' });
      await expect(overview.getByText('TSV Grünwald 1894 e.V.: Interne Ansicht (Kontakt)')).toBeVisible();

      await page.goto('/logs');
      await expect(page.getByText('Adresse angelegt: Musterweg 5, 10115 Berlin')).toBeVisible();
      await expect(
        page.getByText(/Musterweg 5, 10115 Berlin“ für TSV Grünwald 1894 e.V. freigegeben/),
      ).toBeVisible();
    },
  );

  test('an invalid IBAN gets the spec message', { tag: '@desktop-only' }, async ({ page }) => {
    await signIn(page, DEMO.demo.email, DEMO.demo.password, {
      from: '/profile/bankaccount',
      expectPath: '/profile/bankaccount',
    });
    await page.locator('ion-button:visible', { hasText: 'Bankverbindung hinzufügen' }).click();
    await page.getByLabel('IBAN *').fill('DE89 3704 0044 0532 0130 01');
    await page.locator('ion-button:visible', { hasText: 'IBAN prüfen' }).click();
    await expect(page.getByText('The provided IBAN did not pass validation.').first()).toBeVisible();
  });
});

test.describe('account deletion', () => {
  test.use({ freshDatabase: true });
  test('deletes the demo account; signing in again fails', { tag: '@desktop-only' }, async ({ page }) => {
    await signIn(page, DEMO.demo.email, DEMO.demo.password, { from: '/account', expectPath: '/account' });
    await page.locator('ion-button:visible', { hasText: 'Konto löschen' }).click();
    await page.getByLabel('Zur Bestätigung LÖSCHEN eingeben').fill('LÖSCHEN');
    await page.locator('ion-button:visible', { hasText: 'Endgültig löschen' }).click();
    await expect(page.locator('ion-alert').getByText('Möchten sie wirklich löschen?')).toBeVisible();
    await page.locator('ion-alert').getByRole('button', { name: 'Endgültig löschen' }).click();

    // Signed out; the provider no longer knows the account.
    const email = page.locator('input[autocomplete="username"]');
    const start = page.getByRole('button', { name: 'Jetzt anmelden' });
    await expect(email.or(start).first()).toBeVisible({ timeout: 20_000 });
    if (!isProviderUrl(page.url())) await start.click();
    await email.fill(DEMO.demo.email);
    await page.locator('input[autocomplete="current-password"]').fill(DEMO.demo.password);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page.locator('input[autocomplete="current-password"]')).toBeVisible();
    expect(isProviderUrl(page.url())).toBe(true);
  });
});
