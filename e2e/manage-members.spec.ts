import { DEMO, expect, openSignedIn, test } from './fixtures.ts';

/**
 * The club side (ADR 0019): vorstand@ (admin and committee of TSV Grünwald) imports members from CSV with a
 * preview, exports the member list, issues an invoice to demo@, checks the club's invoice data, and demo@ finds the
 * invoice under /invoices.
 */
test.describe('club admin: members and invoices', () => {
  test.use({ freshDatabase: true });

  test(
    'imports a CSV after a preview, issues an invoice to demo@ who then sees it',
    { tag: '@desktop-only' },
    async ({ page, browser, baseURL }) => {
      test.setTimeout(120_000);
      await openSignedIn(page, DEMO.vorstand.email, DEMO.vorstand.password, '/manage/members');
      await expect(page.getByRole('heading', { name: 'Mitglieder verwalten' })).toBeVisible();
      await expect(page.getByText('Hoffmann, Mia')).toBeVisible();

      // Import: upload → preview with the row errors → confirm.
      await page.getByRole('button', { name: 'Mitglieder importieren' }).click();
      const csv = [
        'Vorname;Nachname;E-Mail;Geburtsdatum',
        'Ida;Importiert;ida.importiert@example.org;12.03.1999',
        'Ohne;Datum;ohne@example.org;',
      ].join('\n');
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'mitglieder.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect(
        page.getByText('Vorschau: 1 neu, 0 wieder aufgenommen, 0 schon vorhanden, 1 mit Fehlern.', {
          exact: false,
        }),
      ).toBeVisible();
      await expect(page.getByText('Geburtsdatum: Kein gültiges Datum (TT.MM.JJJJ)')).toBeVisible();
      await page.getByRole('button', { name: 'Import bestätigen (1 neu, 0 wieder aufgenommen)' }).click();
      await expect(
        page.getByText('Importiert: 1 neu, 0 wieder aufgenommen, 0 schon vorhanden, 1 übersprungen.'),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Schließen' }).click();
      // The search field says what it searches inside the field, as the other lists' search fields do.
      const memberSearch = page.getByRole('searchbox', { name: 'Name oder E-Mail suchen' });
      await expect(memberSearch).toHaveAttribute('placeholder', 'Name oder E-Mail suchen');
      await memberSearch.fill('Importiert');
      await expect(page.getByText('1 Mitglied', { exact: true })).toBeVisible();
      await expect(page.getByText('Importiert, Ida')).toBeVisible();
      await expect(page.getByText('ida.importiert@example.org')).toBeVisible();
      // Its clear button, named in German too, brings the whole list back.
      await page.getByRole('button', { name: 'Suche leeren' }).click();
      await expect(memberSearch).toHaveValue('');
      await expect(page.getByText('Hoffmann, Mia')).toBeVisible();

      // Export: a CSV download.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Als CSV exportieren' }).click();
      expect((await download).suggestedFilename()).toBe('mitglieder.csv');

      // Invoice to demo@ (Mia Hoffmann).
      await page.goto('/manage/invoices');
      await expect(page.getByRole('heading', { name: 'Rechnungen verwalten' })).toBeVisible();
      await page.getByRole('button', { name: 'Rechnung stellen' }).click();
      const dialog = page.locator('ion-modal');
      const recipientSearch = dialog.getByRole('searchbox', { name: 'Mitglied suchen (Name)' });
      await expect(recipientSearch).toHaveAttribute('placeholder', 'Mitglied suchen (Name)');
      await recipientSearch.fill('Hoffmann');
      await expect(dialog.getByRole('button', { name: 'Suche leeren' })).toBeVisible();
      await dialog.getByText('Mia Hoffmann').click();
      await expect(dialog.getByText('1 Empfänger*in')).toBeVisible();
      await dialog.getByLabel('Titel').fill('Hallennutzung Herbst');
      await dialog.getByLabel('Fällig am').fill('2099-12-31');
      // Whatever format the browser draws the field in, the form says the day in German.
      await expect(dialog.getByText('Do., 31. Dez. 2099', { exact: true })).toBeVisible();
      await dialog.getByLabel('Beschreibung').fill('Hallenstunden');
      await dialog.getByLabel('Menge').fill('3');
      await dialog.getByLabel('Einzelpreis (€)').fill('12,50');
      // 0 % VAT needs its reason on the invoice (§ 14 Abs. 4 UStG, ADR 0026).
      await dialog.getByLabel('Grund für 0 % USt.').fill('Steuerfrei nach § 4 Nr. 22 Buchst. b UStG');
      await expect(dialog.getByText(/Summe je Rechnung: 37,50\s€/)).toBeVisible();
      await dialog.getByRole('button', { name: 'Rechnung stellen' }).click();
      await expect(page.getByText('1 Rechnung gestellt.')).toBeVisible();
      await expect(page.getByText(/R-00001 · Hallennutzung Herbst/)).toBeVisible();
      const invoiceSearch = page.getByRole('searchbox', { name: 'Nummer, Titel oder Name suchen' });
      await expect(invoiceSearch).toHaveAttribute('placeholder', 'Nummer, Titel oder Name suchen');
      await invoiceSearch.fill('Hallennutzung');
      await expect(page.getByText('1 Rechnung', { exact: true })).toBeVisible();
      await expect(page.getByText(/R-00001 · Hallennutzung Herbst/)).toBeVisible();

      // The club's invoice data: the IBAN in groups of four, as on the invoice, and saved as it is shown.
      await page.goto('/manage/club');
      const iban = page.getByLabel('IBAN', { exact: true });
      await expect(iban).toHaveValue('DE34 7025 0150 0028 4193 70');
      // Checked as it is typed, as the member's own bank account is.
      const check = page.getByRole('status').filter({ hasText: 'IBAN' });
      await iban.fill('DE34 7025 0150 0028 4193 71');
      await expect(check).toHaveText('Die angegebene IBAN ist ungültig.');
      await iban.fill('DE34 7025 0150 0028 4193 70');
      await expect(check).toContainText('IBAN erfolgreich geprüft.');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(page.getByText('Rechnungsdaten gespeichert.')).toBeVisible();
      await expect(iban).toHaveValue('DE34 7025 0150 0028 4193 70');

      // demo@ sees it under /invoices.
      const demoContext = await browser.newContext({ baseURL });
      const demo = await demoContext.newPage();
      await openSignedIn(demo, DEMO.demo.email, DEMO.demo.password, '/invoices');
      await expect(demo.getByText('Hallennutzung Herbst')).toBeVisible();
      await demoContext.close();
    },
  );
});
