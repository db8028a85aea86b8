import { DEMO, expect, signIn, test } from './fixtures.ts';

test.describe('events', () => {
  test(
    'switch to one club, choose a price, register, see it in my registrations, withdraw',
    { tag: '@desktop-only' },
    async ({ page }) => {
      // Tagged @desktop-only: the journey changes the demo member's registration: one project is enough (both share one server).
      await signIn(page, DEMO.demo.email, DEMO.demo.password, { from: '/events', expectPath: '/events' });

      await expect(page.getByText('Sommerfest 2026')).toBeVisible();
      await page.getByTestId('club-scope').locator('ion-select:visible').click();
      await page.locator('ion-popover').getByText('SC Rheinaue Köln e.V.', { exact: true }).click();
      await expect(page.getByText('Sommerfest 2026')).toBeHidden();
      await expect(page.getByText('Vereinsschwimmfest')).toBeVisible();

      await page.getByText('Rheinufer-Lauf 10 km').click();
      await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
      const detailUrl = new URL(page.url()).pathname;
      await expect(page.getByText('Bitte wähle einen Preis')).toBeVisible();
      await page.getByText(/^Erwachsene –/).click();
      await expect(page.getByText('Bitte wähle die Pflichtoptionen')).toBeVisible();
      await page.getByText(/^Leihchip Zeitmessung –/).click();
      await expect(page.getByText('Auswahl vollständig')).toBeVisible();
      await page.getByRole('button', { name: 'Verbindlich anmelden' }).click();

      await expect(page.getByRole('heading', { name: 'Erfolgreich angemeldet!' })).toBeVisible();
      await page.getByRole('button', { name: 'Zur Übersicht' }).click();
      await expect(page).toHaveURL(/\/my-registrations$/);
      const item = page.locator('ion-item:visible').filter({ hasText: 'Rheinufer-Lauf 10 km' });
      await expect(item.getByText('Angemeldet')).toBeVisible();

      await page.goto(detailUrl);
      await page.locator('ion-button:visible', { hasText: 'Abmelden' }).click();
      await page.locator('ion-alert').getByRole('button', { name: 'Abmelden' }).click();
      await expect(page.getByText('Du bist abgemeldet.')).toBeVisible();

      await page.goto('/my-registrations');
      await expect(
        page.locator('ion-item:visible').filter({ hasText: 'Rheinufer-Lauf 10 km' }).getByText('Abgemeldet'),
      ).toBeVisible();
    },
  );

  test('the calendar shows the events in month and agenda view', async ({ page }) => {
    await signIn(page, DEMO.demo.email, DEMO.demo.password, { from: '/calendar', expectPath: '/calendar' });
    // A demo event starts in about 20 hours: in this month's grid, or in the agenda of the next 30 days.
    await expect(page.getByRole('button', { name: 'Monat' })).toBeVisible();
    await page.getByRole('button', { name: 'Agenda' }).click();
    await expect(page.locator('.rbc-agenda-view').getByText('Abendlauf an der Isar')).toBeVisible();
    await page.getByRole('button', { name: 'Monat' }).click();
    await expect(page.locator('.rbc-month-view')).toBeVisible();
    await expect(
      page.locator('.rbc-month-view').getByText('Vereinsmeisterschaft Leichtathletik'),
    ).toBeVisible();
  });
});
