import { DEMO, expect, openSignedIn, test } from './fixtures.ts';

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
        await openSignedIn(demo, DEMO.demo.email, DEMO.demo.password, '/inbox');
        await openSignedIn(mate, DEMO.vorstand.email, DEMO.vorstand.password, '/inbox');

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
    await openSignedIn(page, DEMO.demo.email, DEMO.demo.password, '/inbox');
    const list = page.getByRole('list', { name: 'Unterhaltungen' });
    await expect(list.getByRole('link', { name: /Volleyball Mixed/ })).toBeVisible();
    await expect(list.getByRole('link', { name: /^Sabine Wagner Direktnachricht/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Neue Nachricht' })).toBeVisible();
  });
});

test.describe('chat (beta): replies, edits and reactions', () => {
  test('demo answers a message with a quote, edits the own message and reacts', async ({ page }) => {
    test.slow();
    await openSignedIn(page, DEMO.demo.email, DEMO.demo.password, '/inbox');
    await page.getByRole('link', { name: /Volleyball Mixed/ }).click();
    const log = page.getByRole('log');
    await expect(log).toContainText('Der Spielplan für die Kreisliga ist online');
    const stamp = Date.now();

    // Reply: the composer names whom it answers; the sent bubble quotes the original.
    const original = page
      .getByTestId('chat-message')
      .filter({ hasText: 'Der Spielplan für die Kreisliga' })
      .first();
    // A message's actions are icons with their words beside them; on phones the icon alone, named by its words.
    const answer = original.getByRole('button', { name: 'Antworten' });
    await expect(answer.locator('ion-icon')).toBeVisible();
    const { width } = (await answer.boundingBox())!;
    if (test.info().project.name === 'mobile') expect(width).toBeLessThan(48);
    else await expect(answer).toHaveText('Antworten');
    // The foot of a bubble is one line: the actions, then the time at its end (not the time on a line above them).
    const own = page
      .getByTestId('chat-message')
      .filter({ hasText: 'Danke für die Info, ich bringe die neuen Bälle mit.' });
    const time = (await own.locator('time').boundingBox())!;
    for (const name of ['Reagieren', 'Antworten', 'Bearbeiten', 'Löschen']) {
      const action = (await own.getByRole('button', { name }).boundingBox())!;
      expect(Math.abs(action.y + action.height / 2 - (time.y + time.height / 2)), name).toBeLessThan(4);
      expect(action.x + action.width, name).toBeLessThanOrEqual(time.x);
    }
    await answer.click();
    await expect(page.getByRole('status').filter({ hasText: 'Antwort an' })).toBeVisible();
    await page.getByLabel('Nachricht', { exact: true }).fill(`Danke! ${stamp}`);
    await page.getByRole('button', { name: 'Senden' }).click();
    const reply = page.getByTestId('chat-message').filter({ hasText: `Danke! ${stamp}` });
    await expect(reply.locator('blockquote')).toContainText('Der Spielplan für die Kreisliga');
    await expect(reply.getByText('Senden …')).toHaveCount(0);

    // Edit: the text changes in place, marked 'bearbeitet'.
    await reply.getByRole('button', { name: 'Bearbeiten' }).click();
    await page.getByLabel('Nachricht', { exact: true }).fill(`Danke, bis Samstag! ${stamp}`);
    await page.getByRole('button', { name: 'Speichern' }).click();
    const edited = page.getByTestId('chat-message').filter({ hasText: `Danke, bis Samstag! ${stamp}` });
    await expect(edited).toContainText('bearbeitet');
    await expect(page.getByTestId('chat-message').filter({ hasText: `Danke! ${stamp}` })).toHaveCount(0);

    // Reaction: pick 👍, the count shows and is pressed; pressing it again takes it back.
    await original.getByRole('button', { name: 'Reagieren' }).click();
    await original
      .getByRole('group', { name: 'Reaktion wählen' })
      .getByRole('button', { name: '👍' })
      .click();
    const chip = original.getByRole('button', { name: /^👍 von \d+ Person(en)?: .*Mia/ });
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await chip.click();
    await expect(original.getByRole('button', { name: /^👍 von .*Mia/ })).toHaveCount(0);

    // Delete: the bubble stays with the mark 'Nachricht gelöscht'.
    await edited.getByRole('button', { name: 'Löschen' }).click();
    await page.locator('ion-alert').getByRole('button', { name: 'Ja' }).click();
    await expect(log).not.toContainText(`Danke, bis Samstag! ${stamp}`);
  });
});
