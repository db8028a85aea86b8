import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Page } from '@playwright/test';
import { DEMO, expect, openSignedIn, test } from './fixtures.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 18: user- and club-supplied strings are text in every Ionic component, never markup. Club names,
 * event titles, document file names, contact persons, news titles, team names, person names, message
 * titles and the event names in server notices all start with an <img onerror> here, on a server whose CSP lets inline handlers run
 * (UNSAFE_TEST_CSP), so that only the rendering stands between the data and a running script.
 */

const HANDLER = 'window.__xss=(window.__xss||0)+1';
const MARKUP = `<img src=x onerror="${HANDLER}">`;

/** Rows shown on the screens below, each prefixed with the markup; returns ids to open. */
async function putMarkupIntoTheData(dataDir: string) {
  // pg_trgm as the server loads it: updating event names maintains their trigram index.
  const db = new PGlite({ dataDir: path.join(dataDir, 'db'), extensions: { pg_trgm } });
  await db.waitReady;
  try {
    const updates = [
      'UPDATE tenants SET name = $1 || name',
      'UPDATE events SET name = $1 || name',
      'UPDATE event_documents SET file_name = $1 || file_name',
      'UPDATE event_contact_persons SET name = $1 || name',
      'UPDATE blog_posts SET title = $1 || title',
      'UPDATE teams SET name = $1 || name',
      'UPDATE team_documents SET name = $1 || name, file_name = $1 || file_name',
      'UPDATE team_contact_persons SET name = $1 || name',
      'UPDATE persons SET first_name = $1 || first_name, last_name = $1 || last_name',
      'UPDATE messages SET title = $1 || title WHERE title IS NOT NULL',
      // Notices the server writes are a text key with parameters; the event's name is one of them.
      "UPDATE messages SET text_params = jsonb_set(text_params, '{event}', to_jsonb($1 || (text_params->>'event'))) WHERE text_params ? 'event'",
    ];
    for (const sql of updates) await db.query(sql, [MARKUP]);
    const one = async (sql: string) => ((await db.query<{ id: string }>(sql)).rows[0] ?? { id: '' }).id;
    return {
      event: await one(
        "SELECT event_id AS id FROM event_documents WHERE file_name LIKE '%Ausschreibung %fest 20%'",
      ),
      team: await one("SELECT id FROM teams WHERE name LIKE '%Volleyball Mixed 1'"),
      post: await one("SELECT id FROM blog_posts WHERE title LIKE '%fest am Sportplatz'"),
      // Named after the season of the day the demo was seeded on (seed/time.ts): 'Winterfest 2026', …
      festEvent: (
        await one(
          "SELECT name AS id FROM events WHERE id = (SELECT event_id FROM event_documents WHERE file_name LIKE '%Ausschreibung %fest 20%')",
        )
      ).replace(MARKUP, ''),
      festPost: (
        await one("SELECT title AS id FROM blog_posts WHERE title LIKE '%fest am Sportplatz'")
      ).replace(MARKUP, ''),
    };
  } finally {
    await db.close();
  }
}

/** The screen shows the data, created no element from the markup, ran no handler, and shows the markup as text. */
async function expectShownAsText(page: Page, text: string) {
  await expect(page.getByText(text, { exact: false }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.getByText(`${MARKUP}${text}`, { exact: false }).first()).toBeVisible();
}

test.describe('markup in club and person data', { tag: '@desktop-only' }, () => {
  let server: RunningServer;
  let ids: { event: string; team: string; post: string; festEvent: string; festPost: string };

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // Seed, stop, put markup into the stored data, start again on the same data (and port: the issuer).
    const seeded = await startServer({ env: { UNSAFE_TEST_CSP: 'true' }, keepData: true });
    await seeded.stop();
    ids = await putMarkupIntoTheData(seeded.dataDir);
    server = await startServer({
      port: seeded.port,
      dataDir: seeded.dataDir,
      env: { UNSAFE_TEST_CSP: 'true' },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('is shown as text on every screen, with the CSP relaxed: no element, no handler', async ({ page }) => {
    test.setTimeout(180_000);
    expect(Object.values(ids).every(Boolean)).toBe(true);
    const url = (p: string) => `${server.baseURL}${p}`;

    // Control: on this server an inline handler would run, so the checks below can fail.
    await page.goto(url('/'));
    await page.evaluate((markup) => {
      const probe = document.createElement('div');
      probe.innerHTML = markup.replace('__xss', '__control');
      document.body.append(probe);
    }, MARKUP);
    await expect.poll(() => page.evaluate(() => (window as { __control?: number }).__control)).toBe(1);

    await openSignedIn(page, DEMO.demo.email, DEMO.demo.password, url('/clubs'));
    await expectShownAsText(page, 'TSV Grünwald 1894 e.V.');

    await page.goto(url('/'));
    await expectShownAsText(page, 'Mia');

    await page.goto(url('/blog'));
    await expectShownAsText(page, ids.festPost);
    await page.goto(url(`/blog/${ids.post}`));
    await expectShownAsText(page, ids.festPost);

    await page.goto(url('/events'));
    await expectShownAsText(page, ids.festEvent);
    await page.goto(url(`/events/${ids.event}`));
    await expectShownAsText(page, `Ausschreibung ${ids.festEvent}.pdf`);

    await page.goto(url('/teams'));
    await expectShownAsText(page, 'Volleyball Mixed 1');
    await page.goto(url(`/teams/${ids.team}`));
    await expectShownAsText(page, 'Trainingsplan Herbst/Winter');
    await expectShownAsText(page, 'Volleyball Mixed 1');

    await page.goto(url('/messages'));
    await expectShownAsText(page, 'Erinnerung: Mitgliederversammlung');
    await expectShownAsText(page, 'Rheinuferlauf');

    await page.goto(url('/profile'));
    await expectShownAsText(page, 'Mia');

    // Every Ionic element whose text setters Stencil routes through insertAdjacentHTML, connected, in Chromium.
    const results = await page.evaluate((markup) => {
      const tags = ['ion-label', 'ion-header', 'ion-footer', 'ion-buttons', 'ion-input', 'ion-textarea'];
      return tags
        .filter((tag) => customElements.get(tag))
        .map((tag) => {
          const element = document.createElement(tag);
          document.body.append(element);
          element.textContent = markup;
          element.textContent = markup;
          element.insertAdjacentText('afterbegin', markup);
          element.insertAdjacentText('beforeend', markup);
          const parsed = element.querySelectorAll('img').length;
          element.remove();
          return { tag, parsed };
        });
    }, MARKUP);
    expect(results.map((r) => r.tag)).toEqual(
      expect.arrayContaining(['ion-label', 'ion-header', 'ion-buttons']),
    );
    expect(results.filter((r) => r.parsed > 0)).toEqual([]);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  });
});
