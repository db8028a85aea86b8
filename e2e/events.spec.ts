import { DEMO, expect, signIn, test } from './fixtures.ts';
import { FEST_EVENT, NEXT_RUN } from './support/demo-season.ts';

test.describe('events', () => {
  test(
    'filter by club, choose a price, register, see it in my registrations, withdraw',
    { tag: '@desktop-only' },
    async ({ page }) => {
      // Tagged @desktop-only: the journey changes the demo member's registration: one project is enough (both share one server).
      await signIn(page, DEMO.demo.email, DEMO.demo.password, { from: '/events', expectPath: '/events' });

      await expect(page.getByText(FEST_EVENT)).toBeVisible();
      await page.locator('ion-select').filter({ hasText: 'Vereine' }).click();
      await page.getByRole('checkbox', { name: 'SC Rheinaue Köln e.V.' }).click();
      await page.getByRole('button', { name: 'Übernehmen' }).click();
      await expect(page.getByText(FEST_EVENT)).toBeHidden();
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
    // The Lauftreff's next run starts within a day: in the agenda of the next 30 days.
    await expect(page.getByRole('button', { name: 'Monat' })).toBeVisible();
    await page.getByRole('button', { name: 'Agenda' }).click();
    await expect(page.locator('.rbc-agenda-view').getByText(NEXT_RUN)).toBeVisible();
    await page.getByRole('button', { name: 'Monat' }).click();
    await expect(page.locator('.rbc-month-view')).toBeVisible();
    // Running from yesterday to tomorrow: one bar per week row it covers.
    await expect(
      page.locator('.rbc-month-view').getByText('Vereinsmeisterschaft Leichtathletik').first(),
    ).toBeVisible();
  });
});
