import { DEMO, expect, expectNoSeriousA11yViolations, openSignedIn, test } from './fixtures.ts';

test.describe('invoices and teams', () => {
  test('opens an invoice, sees the GiroCode and downloads the PDF', async ({ page }) => {
    await openSignedIn(page, DEMO.demo.email, DEMO.demo.password, '/invoices');
    await page.getByText('Vereinskleidung', { exact: true }).click();
    await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('invoice-total')).toHaveText(/159,70\s€/);
    await expect(page.getByText('Trikot Volleyball, Größe M')).toBeVisible();
    const qr = page.getByRole('img', { name: 'GiroCode zum Bezahlen der Rechnung' });
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF herunterladen' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Rechnung-TSV-\d{4}-0318\.pdf$/);
    await expectNoSeriousA11yViolations(page);

    // In English the saved file has the English name the server gives it.
    await page.evaluate(() => localStorage.setItem('vereinsheim_language', 'en'));
    await page.reload();
    const english = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    expect((await english).suggestedFilename()).toMatch(/^Invoice-TSV-\d{4}-0318\.pdf$/);
  });

  test('opens a team and sees its members, documents and contact persons', async ({ page }) => {
    await openSignedIn(page, DEMO.demo.email, DEMO.demo.password, '/teams');
    await page.getByText('Volleyball Mixed 1').click();
    await expect(page).toHaveURL(/\/teams\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Mitglieder' })).toBeVisible();
    await expect(page.getByText('lukas.mueller@mail.example')).toBeVisible();
    await expect(page.getByText('Trainingsplan Herbst/Winter')).toBeVisible();
    await expect(page.getByText('Spielplan Kreisliga')).toBeVisible();
    await expect(page.getByText('Abteilungsleitung Volleyball')).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByText('Trainingsplan Herbst/Winter').click();
    expect((await download).suggestedFilename()).toBe('Trainingsplan-Herbst-Winter.pdf');
  });
});
