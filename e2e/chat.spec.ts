import { DEMO, expect, signIn, test } from './fixtures.ts';

test.describe('chat (beta)', () => {
  test(
    'demo and a teammate exchange messages in the team conversation without reloading',
    { tag: '@desktop-only' },
    async ({ browser, baseURL }) => {
      const demoContext = await browser.newContext({ baseURL, serviceWorkers: 'block' });
      const mateContext = await browser.newContext({ baseURL, serviceWorkers: 'block' });
      try {
        const demo = await demoContext.newPage();
        const mate = await mateContext.newPage();
        await signIn(demo, DEMO.demo.email, DEMO.demo.password, { from: '/inbox', expectPath: '/inbox' });
        await signIn(mate, DEMO.vorstand.email, DEMO.vorstand.password, {
          from: '/inbox',
          expectPath: '/inbox',
        });

        for (const page of [demo, mate]) {
          await expect(page.getByText('Beta', { exact: true }).first()).toBeVisible();
          await page.getByRole('link', { name: /Volleyball Mixed/ }).click();
          await expect(page.getByRole('log')).toContainText('Der Spielplan für die Kreisliga ist online');
        }
        // The link in a message is an anchor to the http(s) URL, the rest plain text.
        await expect(
          demo.getByRole('log').getByRole('link', { name: 'https://tsv-gruenwald.example/volleyball' }),
        ).toHaveAttribute('rel', /noopener/);

        const stamp = Date.now();
        const hello = `Hallo Sabine <b>${stamp}</b>`;
        await demo.getByLabel('Nachricht', { exact: true }).fill(hello);
        await demo.getByRole('button', { name: 'Senden' }).click();
        await expect(mate.getByRole('log').getByText(hello)).toBeVisible();
        await expect(mate.locator('.vh-chat__log b')).toHaveCount(0);

        const answer = `Hallo Mia ${stamp}`;
        await mate.getByLabel('Nachricht', { exact: true }).fill(answer);
        await mate.keyboard.press('Enter');
        await expect(demo.getByRole('log').getByText(answer)).toBeVisible();
      } finally {
        await demoContext.close();
        await mateContext.close();
      }
    },
  );

  test('the inbox lists the team and the direct conversation', async ({ page }) => {
    await signIn(page, DEMO.demo.email, DEMO.demo.password, { from: '/inbox', expectPath: '/inbox' });
    const list = page.getByRole('list', { name: 'Unterhaltungen' });
    await expect(list.getByRole('link', { name: /Volleyball Mixed/ })).toBeVisible();
    await expect(list.getByRole('link', { name: /^Sabine Wagner Direktnachricht/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Neue Nachricht' })).toBeVisible();
  });
});
