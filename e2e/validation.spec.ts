import { randomUUID } from 'node:crypto';
import { MEETING_POST } from './support/demo-season.ts';
import type { Page } from '@playwright/test';
import { DEMO, expect, openSignedIn, signIn, test } from './fixtures.ts';

/** A text on the page the user sees (Ionic keeps earlier pages hidden in the DOM). */
const seen = (page: Page, text: string | RegExp) => page.getByText(text).filter({ visible: true }).first();

/** The demo invitation link of TSV Grünwald (apps/server/src/seed/validation.ts, printed in the start banner). */
const INVITATION = '/clubs/join?token=tsv-gruenwald-willkommen';
const CLUB = 'TSV Grünwald 1894 e.V.';

test.describe('profile validation', () => {
  test(
    'a new person joins TSV Grünwald by invitation link; pruefer@ asks for the address, then approves',
    { tag: '@desktop-only' },
    async ({ page, browser, baseURL }) => {
      // Four sign-ins, a mail sent by the job worker and a review: about 3 minutes on the 2-core CI machine with 2 workers.
      test.setTimeout(300_000);
      const email = `neu-${randomUUID().slice(0, 8)}@example.org`;
      const password = 'ein-sehr-gutes-passwort-42';
      const lastName = `Neumann${randomUUID().slice(0, 4)}`;

      // Sign up on the provider's pages, confirm the address from the development mailbox.
      await page.goto(INVITATION);
      const emailInput = page.locator('input[autocomplete="username"]');
      const start = page.getByRole('button', { name: 'Jetzt anmelden' });
      await expect(emailInput.or(start).first()).toBeVisible({ timeout: 20_000 });
      if (await start.isVisible()) await start.click();
      await page.getByRole('link', { name: 'Konto erstellen' }).click();
      await page.getByLabel('Vorname').fill('Nora');
      await page.getByLabel('Nachname').fill(lastName);
      await page.getByLabel('E-Mail-Adresse').fill(email);
      await page.locator('input[type="password"]').first().fill(password);
      await page.getByRole('button', { name: 'Konto erstellen' }).click();
      // The mail is a job (ADR 0021): it arrives a moment after the answer; reload until it is there.
      const mail = page.locator('article').filter({ hasText: email }).first();
      await expect(async () => {
        await page.goto('/oidc/dev/mailbox');
        await expect(mail).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await mail.locator('a[href*="verify-email"]').first().click();
      await expect(seen(page, 'E-Mail-Adresse bestätigt')).toBeVisible();

      // Apply through the invitation link, accepting the club's terms.
      await signIn(page, email, password, { from: INVITATION, expectPath: '/clubs/join' });
      await expect(page.getByRole('heading', { name: `Antrag an ${CLUB}` })).toBeVisible();
      await page.locator('ion-checkbox:visible').click();
      await page.locator('ion-button:visible', { hasText: 'Antrag senden' }).click();
      await expect(seen(page, `Dein Antrag an ${CLUB} ist unterwegs.`)).toBeVisible();

      // pruefer@ (own browser context) finds the application, asks to correct the address, approves the rest.
      const reviewerContext = await browser.newContext({ baseURL });
      const reviewer = await reviewerContext.newPage();
      await openSignedIn(reviewer, DEMO.pruefer.email, DEMO.pruefer.password, '/validation/profile');
      await reviewer
        .locator('ion-item:visible')
        .filter({ hasText: `Nora ${lastName}` })
        .click();
      await expect(reviewer.locator('.vh-validation-progress').filter({ visible: true })).toHaveText(
        '0 von 10 Abschnitten entschieden',
      );
      await reviewer.getByRole('link', { name: 'Info', exact: true }).filter({ visible: true }).click();
      // One page per section (during a transition two are on screen: each is found by its heading).
      const sectionPage = (name: string) =>
        reviewer.getByRole('region', { name, exact: true }).filter({ visible: true });
      const approve = async (name: string) => {
        await expect(sectionPage(name)).toBeVisible();
        await sectionPage(name).locator('ion-button', { hasText: 'Bestätigen' }).click();
      };
      await approve('Info');
      await approve('Persönliche Daten');
      const address = sectionPage('Adresse');
      await expect(address.getByText('Die Person teilt hierzu nichts mit dem Verein.')).toBeVisible();
      await address.locator('ion-textarea textarea').fill('Bitte trag deine Wohnadresse ein.');
      await address.locator('ion-button', { hasText: 'Korrektur anfordern' }).click();
      for (const section of [
        'E-Mail',
        'Telefon',
        'Konfektionsgrößen',
        'Bankverbindung',
        'Weitere Angaben',
        'AGB und Datenschutz',
        'Mitgliedschaft',
      ]) {
        if (section === 'E-Mail') await expect(sectionPage(section).getByText(email)).toBeVisible();
        await approve(section);
      }
      await expect(seen(reviewer, '1 Abschnitt geht zur Korrektur an die Person zurück.')).toBeVisible();
      await reviewer.locator('ion-button:visible', { hasText: 'Korrekturen anfordern' }).click();
      await expect(seen(reviewer, 'Die Person korrigiert gerade ihre Angaben.')).toBeVisible();

      // The person reads the comment, adds the address and resubmits.
      await page.goto('/clubs/join');
      await expect(seen(page, 'Bitte trag deine Wohnadresse ein.')).toBeVisible();
      await page.getByRole('link', { name: 'Adresse korrigieren' }).click();
      await page.locator('ion-button:visible', { hasText: 'Adresse hinzufügen' }).click();
      await page.getByLabel('Straße *').fill('Tölzer Straße');
      await page.getByLabel('Hausnummer').fill('7');
      await page.getByLabel('PLZ *').fill('82031');
      await page.getByLabel('Ort *').fill('Grünwald');
      await page.locator('ion-button:visible', { hasText: 'Speichern' }).click();
      await expect(
        page.locator('ion-item:visible').filter({ hasText: 'Tölzer Straße 7' }).first(),
      ).toBeVisible();
      await page.goto('/clubs/join');
      await page.locator('ion-button:visible', { hasText: 'Erneut einreichen' }).click();
      await expect(seen(page, 'Erneut eingereicht – wird geprüft')).toBeVisible();

      // pruefer@ approves the address and closes: the person becomes a member.
      await reviewer.reload();
      await reviewer.getByRole('link', { name: 'Adresse', exact: true }).filter({ visible: true }).click();
      await expect(sectionPage('Adresse').getByText('Tölzer Straße · 7 · 82031 · Grünwald')).toBeVisible();
      await approve('Adresse');
      await expect(sectionPage('E-Mail')).toBeVisible();
      await reviewer.goto(new URL(reviewer.url()).pathname.replace(/\/mail$/, ''));
      await expect(
        seen(
          reviewer,
          'Alle Abschnitte sind bestätigt. Mit dem Abschluss wird die Person Mitglied des Vereins.',
        ),
      ).toBeVisible();
      await reviewer.locator('ion-button:visible', { hasText: 'Prüfung abschließen' }).click();
      await expect(seen(reviewer, 'Diese Prüfung ist abgeschlossen.')).toBeVisible();
      await reviewerContext.close();

      // The person now sees the club's news and events.
      await page.goto('/messages');
      await expect(seen(page, `Willkommen bei ${CLUB}!`)).toBeVisible();
      await page.goto('/blog');
      await expect(seen(page, MEETING_POST)).toBeVisible();
      await page.goto('/events');
      await expect(seen(page, 'Bergwanderung Wendelstein')).toBeVisible();
    },
  );
});
