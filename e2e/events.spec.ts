import { DEMO, expect, openSignedIn, test } from './fixtures.ts';
import { daysSinceSeeding, FEST_EVENT, NEXT_RUN } from './support/demo-season.ts';

/** WCAG contrast ratio of an `rgb(r, g, b)` colour against white. */
function contrastOnWhite(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return 1.05 / (luminance + 0.05);
}

test.describe('events', () => {
  test(
    'switch to one club, choose a price, register, see it in my registrations, withdraw',
    { tag: '@desktop-only' },
    async ({ page }) => {
      // Tagged @desktop-only: the journey changes the demo member's registration: one project is enough (both share one server).
      await openSignedIn(page, DEMO.demo.email, DEMO.demo.password, '/events');

      await expect(page.getByText(FEST_EVENT)).toBeVisible();
      await page.getByTestId('club-scope').locator('ion-select:visible').click();
      await page.locator('ion-popover').getByText('SC Rheinaue Köln e.V.', { exact: true }).click();
      await expect(page.getByText(FEST_EVENT)).toBeHidden();
      await expect(page.getByText('Vereinsschwimmfest')).toBeVisible();

      await page.getByText('Rheinufer-Lauf 10 km').click();
      await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
      const detailUrl = new URL(page.url()).pathname;
      await expect(page.getByText('Bitte wähle einen Preis')).toBeVisible();
      // The required option starts chosen; the total follows the choice.
      await expect(page.getByTestId('price-total')).toHaveText('Gesamt: 3,00 €');
      await page.getByText(/^Erwachsene –/).click();
      await expect(page.getByText('Auswahl vollständig')).toBeVisible();
      await expect(page.getByTestId('price-total')).toHaveText('Gesamt: 21,00 €');
      await page.getByText(/^Finisher-Shirt –/).click();
      await expect(page.getByTestId('price-total')).toHaveText('Gesamt: 36,00 €');
      // The required option cannot be dropped.
      await page.getByText(/^Leihchip Zeitmessung –/).click({ force: true });
      await expect(page.getByTestId('price-total')).toHaveText('Gesamt: 36,00 €');
      await page.getByText('Meinen Namen in der Teilnehmerliste zeigen').click();
      await page.getByRole('button', { name: 'Weiter zur Übersicht' }).click();

      // The review step: what will be booked, then the binding registration.
      const review = page.getByRole('region', { name: 'Deine Anmeldung prüfen' });
      await expect(review).toContainText('Rheinufer-Lauf 10 km');
      await expect(review).toContainText('Erwachsene18,00 €');
      await expect(review).toContainText('Leihchip Zeitmessung3,00 €');
      await expect(review).toContainText('Finisher-Shirt15,00 €');
      await expect(review).toContainText('Gesamt36,00 €');
      await expect(review).toContainText('Kostenlose Abmeldung bis');
      await expect(review).toContainText('Dein Name wird gezeigt');
      await review.getByRole('button', { name: 'Verbindlich anmelden' }).click();

      await expect(page.getByRole('heading', { name: 'Erfolgreich angemeldet!' })).toBeVisible();
      await page.getByRole('button', { name: 'Zur Übersicht' }).click();
      await expect(page).toHaveURL(/\/my-registrations$/);
      const item = page.locator('ion-item:visible').filter({ hasText: 'Rheinufer-Lauf 10 km' });
      await expect(item.getByText('Angemeldet')).toBeVisible();

      // Back on the event: what was booked, with its amounts, and the participant list with her name.
      await page.goto(detailUrl);
      const booked = page.getByTestId('booked-registration');
      await expect(booked).toContainText('Angemeldet');
      await expect(booked).toContainText('Erwachsene18,00 €');
      await expect(booked).toContainText('Leihchip Zeitmessung3,00 €');
      await expect(booked).toContainText('Finisher-Shirt15,00 €');
      await expect(booked).toContainText('Gesamt36,00 €');
      const list = page.getByRole('region', { name: 'Teilnehmerliste' });
      await expect(list.getByText('Mia Hoffmann')).toBeVisible();
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
    await openSignedIn(page, DEMO.demo.email, DEMO.demo.password, '/calendar');
    // The Lauftreff's next run starts within a day: in the agenda of the next 30 days.
    await expect(page.getByRole('button', { name: 'Monat' })).toBeVisible();
    await page.getByRole('button', { name: 'Agenda' }).click();
    await expect(page.locator('.rbc-agenda-view').getByText(NEXT_RUN)).toBeVisible();
    // The championship runs from the seeding day's yesterday to its tomorrow: all day today, until its
    // end tomorrow; no '«' or '»'. Past the next midnight (a long run), today is its last day.
    const championship = page
      .locator('.rbc-agenda-view tr')
      .filter({ hasText: 'Vereinsmeisterschaft Leichtathletik' });
    const lastDay = daysSinceSeeding() === 1;
    await expect(championship.first().locator('.rbc-agenda-time-cell')).toHaveText(
      lastDay ? /^bis \d{2}:\d{2}$/ : /^ganztägig$/i,
    );
    if (!lastDay) {
      await expect(championship.nth(1).locator('.rbc-agenda-time-cell')).toHaveText(/^bis \d{2}:\d{2}$/);
    }
    await expect(championship).toHaveCount(lastDay ? 1 : 2);
    const marks = await championship
      .first()
      .locator('.rbc-agenda-time-cell > span')
      .evaluate((el) => [getComputedStyle(el, '::before').content, getComputedStyle(el, '::after').content]);
    expect(marks).toEqual(['none', 'none']);
    await page.getByRole('button', { name: 'Monat' }).click();
    await expect(page.locator('.rbc-month-view')).toBeVisible();
    // Running from yesterday to tomorrow: one bar per week row it covers.
    await expect(
      page.locator('.rbc-month-view').getByText('Vereinsmeisterschaft Leichtathletik').first(),
    ).toBeVisible();
    // In the colour of its status, as the lists' badge 'Läuft gerade' shows it (the theme's success green,
    // #1e7b34), not in react-big-calendar's blue.
    const running = page
      .locator('.rbc-month-view .rbc-event')
      .filter({ hasText: 'Vereinsmeisterschaft Leichtathletik' })
      .first();
    expect(await running.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(30, 123, 52)');
  });

  test('the filters wait behind a button that counts the active ones', async ({ page }) => {
    await openSignedIn(page, DEMO.demo.email, DEMO.demo.password, '/events');
    // The list starts on the first screen; the filter fields are closed.
    await expect(page.getByText(FEST_EVENT)).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Veranstaltungen' }).locator('ion-item').first(),
    ).toBeInViewport({
      ratio: 1,
    });
    // 'Anmeldung offen' in the theme's success green: at least 4.5:1 on the white list (was 1.9:1).
    const open = page.getByText('Anmeldung offen', { exact: true }).first();
    const color = await open.evaluate((el) => getComputedStyle(el).color);
    expect(contrastOnWhite(color), color).toBeGreaterThanOrEqual(4.5);
    const button = page.getByRole('button', { name: 'Filter', exact: true });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Von', { exact: true })).toBeHidden();

    await button.click();
    await page.getByLabel('Von', { exact: true }).fill('2099-01-01');
    await expect(page.getByRole('button', { name: 'Filter (1 aktiv)' })).toBeVisible();
    await expect(page.getByText(FEST_EVENT)).toBeHidden();

    await page.getByRole('button', { name: 'Filter (1 aktiv)' }).click();
    await expect(page.getByLabel('Von', { exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
    await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();
    await expect(page.getByText(FEST_EVENT)).toBeVisible();
  });
});
