import fs from 'node:fs/promises';
import { DEMO, expect, openSignedIn, test } from './fixtures.ts';

/** datetime-local value `days` from now at 18:00 local time. */
function localDateTime(days: number, hour: number): string {
  const d = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`;
}

test.describe('the club side of events', () => {
  test(
    'vorstand@ creates an event with a price, demo@ registers, vorstand@ exports the participants and finds her',
    { tag: '@desktop-only' },
    async ({ page, browser, baseURL }) => {
      // Tagged @desktop-only: the journey creates an event and a registration in the shared demo data.
      const name = `Clubabend ${Date.now()}`;
      await openSignedIn(page, DEMO.vorstand.email, DEMO.vorstand.password, '/');

      // The menu leads to 'Verein verwalten', its landing page to the events.
      await page.getByRole('link', { name: 'Verein verwalten' }).click();
      await expect(page).toHaveURL(/\/manage$/);
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: 'Veranstaltungen', exact: true })).toBeVisible();
      await expect(main.getByRole('link', { name: 'Neuigkeiten', exact: true })).toBeVisible();
      await main.getByRole('link', { name: 'Veranstaltungen', exact: true }).click();
      await expect(page).toHaveURL(/\/manage\/events$/);
      // Its search says what it searches.
      await expect(page.getByRole('searchbox', { name: 'Veranstaltungen suchen' })).toHaveAttribute(
        'placeholder',
        'Veranstaltungen suchen',
      );
      await page.locator('ion-button:visible', { hasText: 'Neue Veranstaltung' }).click();
      await expect(page).toHaveURL(/\/manage\/events\/new$/);

      await page.locator('input[name="name"]').fill(name);
      // The browser draws the field in its own locale; the form says under it what it holds, in German.
      await page.locator('input[name="start"]').fill('2027-01-12T18:00');
      await expect(
        page
          .locator('ion-item')
          .filter({ has: page.locator('input[name="start"]') })
          .getByText('Di., 12. Jan. 2027, 18:00', { exact: true }),
      ).toBeVisible();
      await page.locator('input[name="start"]').fill(localDateTime(14, 18));
      await page.locator('input[name="end"]').fill(localDateTime(14, 22));
      await page.locator('input[name="placeName"]').fill('Vereinsheim');
      await page.locator('input[name="maxParticipants"]').fill('20');
      await page.locator('ion-button:visible', { hasText: 'Preis oder Option hinzufügen' }).click();
      await page.getByLabel('Bezeichnung').fill('Mitglieder');
      await page.getByLabel('Betrag (EUR)').fill('7.5');
      await page.locator('ion-button:visible', { hasText: 'Speichern' }).click();
      await expect(page).toHaveURL(/\/manage\/events\/[0-9a-f-]{36}$/);
      const eventId = new URL(page.url()).pathname.split('/').pop()!;

      // demo@ registers with the price.
      const member = await browser.newContext({ baseURL });
      const memberPage = await member.newPage();
      await openSignedIn(memberPage, DEMO.demo.email, DEMO.demo.password, `/events/${eventId}`);
      await expect(memberPage.getByText(name).first()).toBeVisible();
      // The event's only price starts chosen; the review step shows it before the binding registration.
      await expect(memberPage.getByTestId('price-total')).toHaveText('Gesamt: 7,50 €');
      await memberPage.getByRole('button', { name: 'Weiter zur Übersicht' }).click();
      const review = memberPage.getByRole('region', { name: 'Deine Anmeldung prüfen' });
      await expect(review).toContainText('Gesamt7,50 €');
      await review.getByRole('button', { name: 'Verbindlich anmelden' }).click();
      await expect(memberPage.getByRole('heading', { name: 'Erfolgreich angemeldet!' })).toBeVisible();
      await member.close();

      // vorstand@ sees her in the participant list, reached from the event's row, and in the exported CSV.
      await page.goto('/manage/events');
      await page.getByRole('searchbox', { name: 'Veranstaltungen suchen' }).fill(name);
      const listed = page.locator('ion-item:visible').filter({ hasText: name });
      await expect(listed).toHaveCount(1);
      await listed.getByRole('link', { name: 'Teilnehmende' }).click();
      await expect(page).toHaveURL(new RegExp(`/manage/events/${eventId}/participants$`));
      const row = page.getByRole('row').filter({ hasText: 'Mia Hoffmann' });
      await expect(row).toBeVisible();
      await expect(row.getByText('nimmt teil')).toBeVisible();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('ion-button:visible', { hasText: 'CSV exportieren' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const bytes = await fs.readFile(await download.path());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = bytes
        .subarray(3)
        .toString('utf8')
        .trim()
        .split('\r\n')
        .map((line) => line.split(';').map((cell) => cell.replace(/^"|"$/g, '').replace(/""/g, '"')));
      expect(rows[0]).toEqual([
        'Nachname',
        'Vorname',
        'Status',
        'Optionen',
        'Betrag',
        'Angemeldet am',
        'Wartelistenplatz',
      ]);
      const mia = rows.find((r) => r[0] === 'Hoffmann' && r[1] === 'Mia');
      expect(mia).toBeDefined();
      expect(mia!.slice(2, 5)).toEqual(['nimmt teil', 'Mitglieder', '7,50']);
    },
  );

  test(
    'registration opens later: demo@ sees "Anmeldung ab …"; vorstand@ adds her by hand before it opens',
    { tag: '@desktop-only' },
    async ({ page, browser, baseURL }) => {
      // Tagged @desktop-only: the journey creates an event and a registration in the shared demo data.
      const name = `Sommerfest ${Date.now()}`;
      await openSignedIn(page, DEMO.vorstand.email, DEMO.vorstand.password, '/manage/events/new');
      await page.locator('input[name="name"]').fill(name);
      await page.locator('input[name="start"]').fill(localDateTime(30, 18));
      await page.locator('input[name="end"]').fill(localDateTime(30, 22));
      await page.locator('input[name="registrationStart"]').fill(localDateTime(7, 9));
      await page.locator('ion-button:visible', { hasText: 'Speichern' }).click();
      await expect(page).toHaveURL(/\/manage\/events\/[0-9a-f-]{36}$/);
      const eventId = new URL(page.url()).pathname.split('/').pop()!;

      // demo@ sees when registration opens, and no registration button yet.
      const member = await browser.newContext({ baseURL });
      const memberPage = await member.newPage();
      await openSignedIn(memberPage, DEMO.demo.email, DEMO.demo.password, `/events/${eventId}`);
      const section = memberPage.locator('.vh-event-section');
      await expect(section.getByText(/^Anmeldung ab \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/)).toBeVisible();
      await expect(memberPage.getByRole('button', { name: 'Verbindlich anmelden' })).toHaveCount(0);

      // vorstand@ adds her by hand: search by name, pick, add.
      await page.goto(`/manage/events/${eventId}/participants`);
      await page.getByLabel('Mitglied suchen (Name)').fill('Hoffmann');
      // The field's clear button is named in German too, not with Ionic's English 'reset'.
      await expect(page.getByRole('button', { name: 'Suche leeren' })).toBeVisible();
      await page.getByRole('list', { name: 'Gefundene Mitglieder' }).getByText('Mia Hoffmann').click();
      await page.locator('ion-button:visible', { hasText: 'Hinzufügen' }).click();
      await expect(page.getByText('Mia Hoffmann hinzugefügt (nimmt teil).')).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: 'Mia Hoffmann' });
      await expect(row.getByText('nimmt teil')).toBeVisible();

      // …and she sees herself registered.
      await memberPage.reload();
      await expect(
        memberPage.locator('.vh-event-section').getByText('Angemeldet', { exact: true }),
      ).toBeVisible();
      await member.close();
    },
  );

  test('a plain member has no "Verein verwalten" and is led away from /manage', async ({ page }) => {
    await openSignedIn(page, DEMO.demo.email, DEMO.demo.password, '/manage', { expectPath: /^\/(manage)?$/ });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Verein verwalten' })).toHaveCount(0);
  });
});
