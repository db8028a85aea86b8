import type { Page } from '@playwright/test';
import { DEMO, expect, isProviderUrl, openSignedIn, test } from './fixtures.ts';

test.describe('personal data', () => {
  test(
    'add an address, share it internally with one club, see the club on /profile and the log entry',
    { tag: '@desktop-only' },
    async ({ page }) => {
      await openSignedIn(page, DEMO.demo.email, DEMO.demo.password, '/profile/address');
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
      await openSignedIn(page, DEMO.demo.email, DEMO.demo.password, '/profile/bankaccount');
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
      await openSignedIn(page, DEMO.demo.email, DEMO.demo.password, '/profile/phone');
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

  test(
    'upload a profile picture, see a club fall back to it, remove it after confirming; the log lists both',
    { tag: '@desktop-only' },
    async ({ page }) => {
      await openSignedIn(page, DEMO.demo.email, DEMO.demo.password, '/profile/avatar');
      const row = (name: string) =>
        page.locator('ion-item:visible').filter({ has: page.getByRole('heading', { name, exact: true }) });
      const standard = row('Standard');
      await expect(standard.getByRole('img', { name: 'Kein Bild' })).toBeVisible();
      await expect(standard.locator('ion-button', { hasText: 'Entfernen' })).toHaveCount(0);

      await standard
        .locator('input[type=file]')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
      const picture = standard.getByRole('img', { name: 'Standard' });
      await expect(picture).toBeVisible();
      await expect(picture).toHaveJSProperty('complete', true);
      expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const url = await picture.getAttribute('src');
      await expect(standard.locator('ion-button', { hasText: 'Ersetzen' })).toBeVisible();
      // The other views fall back to it, and say so.
      const extern = row('Extern (Mitglieder)');
      await expect(extern.getByRole('img', { name: 'Extern (Mitglieder)' })).toHaveAttribute('src', url!);
      await expect(extern.getByText(INHERITED)).toBeVisible();
      await expect(extern.locator('ion-button', { hasText: 'Entfernen' })).toHaveCount(0);

      // For one club, the scope without a picture of its own shows the general one, with nothing to remove.
      await chooseScope(page, 'TSV Grünwald 1894 e.V.');
      await expect(standard.getByText(INHERITED)).toBeVisible();
      await expect(standard.getByRole('img', { name: 'Standard' })).toHaveAttribute('src', url!);
      await expect(standard.locator('ion-button', { hasText: 'Entfernen' })).toHaveCount(0);

      await chooseScope(page, 'Alle Vereine');
      await standard.locator('ion-button', { hasText: 'Entfernen' }).click();
      await expect(
        page.locator('ion-alert').getByText('Möchtest du dein Profilbild „Standard“ wirklich entfernen?'),
      ).toBeVisible();
      await page.locator('ion-alert').getByRole('button', { name: 'Entfernen' }).click();
      await expect(standard.getByRole('img', { name: 'Kein Bild' })).toBeVisible();
      await expect(standard.locator('ion-button', { hasText: 'Hochladen' })).toBeVisible();
      // The file itself is gone from the server, not only from the page.
      expect((await page.request.get(url!)).status()).toBe(404);

      await page.goto('/logs');
      await expect(page.getByText('Profilbild (Standard) hochgeladen')).toBeVisible();
      await expect(page.getByText('Profilbild (Standard) entfernt')).toBeVisible();
    },
  );
});

const INHERITED = 'Übernommen: für diese Ansicht ist kein eigenes Bild gesetzt.';

/**
 * Picks the avatar page's scope in its select's popover, and waits until the popover has gone: a second popover
 * opened while the first is still leaving would otherwise have its option looked for in the first one.
 */
async function chooseScope(page: Page, name: string) {
  await page.locator('ion-select:visible').click();
  await page.locator('ion-popover:not(.overlay-hidden) ion-radio', { hasText: name }).click();
  await expect(page.locator('ion-popover')).toBeHidden();
}
/** A 16×16 blue PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWPQi51PEmIY1RA7Gkp6wzVpAAD8uSoQB0/miQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('account deletion', () => {
  test.use({ freshDatabase: true });
  test('deletes the demo account; signing in again fails', { tag: '@desktop-only' }, async ({ page }) => {
    await openSignedIn(page, DEMO.demo.email, DEMO.demo.password, '/account');
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
