/**
 * The demo account's sign-in through the embedded provider, for the web benchmarks (bench-web.mjs, bench-start.mjs):
 * from `/`, through the signed-out screen when the app shows it, until the dashboard greets Mia.
 */
export async function signInDemo(page, baseURL) {
  await page.goto(`${baseURL}/`);
  const email = page.locator('input[autocomplete="username"]');
  const start = page.getByRole('button', { name: 'Jetzt anmelden' });
  await email.or(start).first().waitFor({ timeout: 60_000 });
  if (!new URL(page.url()).pathname.startsWith('/oidc')) {
    await start.click();
    await email.waitFor({ timeout: 60_000 });
  }
  await email.fill('demo@vereinsheim.example');
  await page.locator('input[autocomplete="current-password"]').fill('vereinsheim-demo');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.getByRole('heading', { name: 'Hallo Mia!' }).waitFor({ timeout: 60_000 });
}
