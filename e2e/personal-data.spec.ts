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

  test(
    'the IBAN is checked while typing, in German, and a valid one fills in the BIC',
    { tag: '@desktop-only' },
    async ({ page }) => {
      await signIn(page, DEMO.demo.email, DEMO.demo.password, {
        from: '/profile/bankaccount',
        expectPath: '/profile/bankaccount',
      });
      await page.locator('ion-button:visible', { hasText: 'Bankverbindung hinzufügen' }).click();
      const iban = page.getByLabel('IBAN *');
      await iban.fill('DE89 3704 0044 0532 0130 01');
      await expect(
        page.getByRole('status').filter({ hasText: 'Die angegebene IBAN ist ungültig.' }),
      ).toBeVisible();
      await iban.fill('DE89 3704 0044 0532 0130 00');
      await expect(
        page.getByRole('status').filter({ hasText: 'IBAN erfolgreich geprüft. BIC: COBADEFFXXX' }),
      ).toBeVisible();
      await expect(page.getByLabel('BIC')).toHaveValue('COBADEFFXXX');
    },
  );

  test(
    'a phone form explains each refused field next to it, in the UI language',
    { tag: '@desktop-only' },
    async ({ page }) => {
      await signIn(page, DEMO.demo.email, DEMO.demo.password, {
        from: '/profile/phone',
        expectPath: '/profile/phone',
      });
      await page.locator('ion-button:visible', { hasText: 'Telefonnummer hinzufügen' }).click();
      const save = page.locator('ion-button:visible', { hasText: 'Speichern' });
      await save.click();
      const required = page.locator('.vh-field-error', { hasText: 'Bitte ausfüllen.' });
      await expect(required).toBeVisible();
      expect((await required.boundingBox())?.height).toBeGreaterThan(10);

      // 'Art' starts as Mobil; a number the server refuses gets its German text under the field.
      await page.getByLabel('Telefonnummer *').fill('abc');
      await save.click();
      await expect(
        page.locator('.vh-field-error', { hasText: 'Bitte gib eine gültige Telefonnummer ein' }),
      ).toBeVisible();
      await expect(page.getByText('Bitte prüfe die markierten Felder.')).toBeVisible();

      await page.getByLabel('Telefonnummer *').fill('0171 1234567');
      await save.click();
      await expect(
        page.locator('ion-item:visible').filter({ hasText: '+49 171 1234567' }).first(),
      ).toBeVisible();
    },
  );
});

test.describe('account deletion', () => {
  test.use({ freshDatabase: true });
  test('deletes the demo account; signing in again fails', { tag: '@desktop-only' }, async ({ page }) => {
    await signIn(page, DEMO.demo.email, DEMO.demo.password, { from: '/account', expectPath: '/account' });
    await page.locator('ion-button:visible', { hasText: 'Konto löschen' }).click();
    await page.getByLabel('Zur Bestätigung LÖSCHEN eingeben').fill('LÖSCHEN');
    await page.locator('ion-button:visible', { hasText: 'Endgültig löschen' }).click();
    await expect(page.locator('ion-alert').getByText('Möchtest du das wirklich löschen?')).toBeVisible();
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
