import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, openSignedIn, test } from './fixtures.ts';
import { FEST_EVENT, FEST_POST, NEXT_RUN, TRAINING_TIMES_POST } from './support/demo-season.ts';

const TSV = 'TSV Grünwald 1894 e.V.';

/** The club the page's club switch shows as chosen (the select's text, not its option list). */
const shownClub = (within: Page | Locator) =>
  within.getByTestId('club-scope').locator('ion-select:visible .select-text');

/** Chooses a club (or 'Alle Vereine') in the page's club switch. */
async function switchClub(page: Page, name: string) {
  await page.getByTestId('club-scope').locator('ion-select:visible').click();
  await page.locator('ion-popover').getByText(name, { exact: true }).click();
  await expect(page.locator('ion-popover')).toBeHidden();
}

test.describe('dashboard and club switch', () => {
  test(
    'demo@ sees her invitations among her next events and answers them on the dashboard',
    { tag: '@desktop-only' },
    async ({ page }) => {
      // Tagged @desktop-only: answering changes the demo member's registrations (both projects share one server).
      await openSignedIn(page, DEMO.demo.email, DEMO.demo.password, '/');
      const next = page.getByRole('region', { name: 'Deine nächsten Termine' });
      await expect(shownClub(next)).toHaveText('Alle Vereine');
      const helpers = next.getByRole('listitem').filter({ hasText: 'Helfertreffen im Vereinsheim' });
      const run = next.getByRole('listitem').filter({ hasText: /(Abend|Morgen)lauf an der Isar/ });
      await expect(helpers.getByText('Eingeladen')).toBeVisible();
      await expect(run.getByText('Eingeladen')).toBeVisible();
      await expect(
        next.getByText('Warteliste, Platz 2').or(next.getByText('Angemeldet')).first(),
      ).toBeVisible();

      // Accept: a free event is registered with one tap.
      await helpers
        .getByRole('button', { name: 'Einladung zu Helfertreffen im Vereinsheim zusagen' })
        .click();
      await expect(page.getByText('Du bist für Helfertreffen im Vereinsheim angemeldet.')).toBeVisible();
      await expect(helpers.getByText('Angemeldet')).toBeVisible();
      await expect(helpers.getByRole('button', { name: /zusagen/ })).toHaveCount(0);

      // Decline: the invitation ends and the event leaves the list.
      await run
        .getByRole('button', { name: /^Einladung zu (Abend|Morgen)lauf an der Isar absagen$/ })
        .click();
      await expect(
        page.getByText(/^Du hast die Einladung zu (Abend|Morgen)lauf an der Isar abgesagt\.$/),
      ).toBeVisible();
      await expect(run).toHaveCount(0);

      // Both answers hold after a reload (the server has them).
      await page.reload();
      await expect(helpers.getByText('Angemeldet')).toBeVisible();
      await expect(next.getByText(NEXT_RUN)).toHaveCount(0);
    },
  );

  test('switching the club scopes news and events and the pages name the club', async ({ page }) => {
    await openSignedIn(page, DEMO.demo.email, DEMO.demo.password, '/blog');
    const feed = page.getByRole('feed');
    await expect(shownClub(page)).toHaveText('Alle Vereine');
    await expect(feed.getByText(TRAINING_TIMES_POST)).toBeVisible(); // SC Rheinaue
    await expect(feed.getByText(FEST_POST)).toBeVisible(); // TSV Grünwald

    const scoped = page.waitForRequest(
      (r) => r.url().includes('/api/me/cms2/blogpost?') && r.url().includes('tenantIds='),
    );
    await switchClub(page, TSV);
    await scoped;
    await expect(shownClub(page)).toHaveText(TSV);
    await expect(feed.getByText(FEST_POST)).toBeVisible();
    await expect(feed.getByText(TRAINING_TIMES_POST)).toHaveCount(0);

    // The choice holds on the events page (one shared scope).
    await page.goto('/events');
    await expect(shownClub(page)).toHaveText(TSV);
    await expect(page.getByText(FEST_EVENT)).toBeVisible();
    await expect(page.getByText('Vereinsschwimmfest')).toHaveCount(0); // SC Rheinaue

    await switchClub(page, 'Alle Vereine');
    await expect(shownClub(page)).toHaveText('Alle Vereine');
    await expect(page.getByText('Vereinsschwimmfest')).toBeVisible();
  });
});
