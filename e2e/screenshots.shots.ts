import path from 'node:path';
import { DEMO, openSignedIn, test } from './fixtures.ts';
import { PAGE_ROUTES, PERSONA_OF, pathOf, settle } from './support/routes.ts';

const OUT = path.join(import.meta.dirname, 'screenshots');
/** SHOTS_ROUTES=manageClub,inbox: only these route ids (a look at a few screens after a change). */
const ONLY = process.env.SHOTS_ROUTES?.split(',').filter(Boolean);

for (const language of ['de', 'en'] as const) {
  for (const persona of ['demo', 'vorstand', 'pruefer'] as const) {
    test(`every route in ${language} (${persona}@)`, async ({ page }, info) => {
      test.setTimeout(15 * 60_000);
      await openSignedIn(page, DEMO[persona].email, DEMO[persona].password, '/');
      // The UI language lives in the browser (as the language switch on /account stores it).
      await page.evaluate((lng) => localStorage.setItem('vereinsheim_language', lng), language);
      for (const id of PAGE_ROUTES.filter(
        (route) => PERSONA_OF(route) === persona && (!ONLY || ONLY.includes(route)),
      )) {
        const target = await pathOf(page, id);
        await page.goto(target);
        await settle(page);
        await page.screenshot({
          path: path.join(OUT, `${info.project.name}-${language}`, `${id}.png`),
          fullPage: true,
        });
      }
    });
  }
}
