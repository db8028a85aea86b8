import { DEMO, expect, openSignedIn, test } from './fixtures.ts';
import { E2E_METRICS_TOKEN } from './support/server.ts';

/** Sum of the samples of one metric whose label set contains every given label. */
function sample(metrics: string, name: string, labels: Record<string, string>): number {
  return metrics
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`))
    .filter((line) => Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

test('page views and API calls of the web app arrive in /metrics', async ({ page, request }) => {
  const device = test.info().project.name === 'mobile' ? 'mobile' : 'desktop';
  const config = (await (await request.get('/app-config.json')).json()) as {
    telemetry: { endpoint: string; instrumentationKey: string | null };
  };
  expect(config.telemetry.instrumentationKey).toMatch(/^[0-9a-f-]{36}$/);

  // /metrics is closed without the token the e2e server is configured with (METRICS_TOKEN).
  expect((await request.get('/metrics')).status()).toBe(401);
  const read = async () =>
    (await request.get('/metrics', { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } })).text();
  const before = await read();
  const views = (m: string) => sample(m, 'web_page_views_total', { path: '/clubs', device });
  const calls = (m: string) =>
    sample(m, 'web_api_calls_total', { path: '/api/me/tenant/find', method: 'GET', category: 'success' });

  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.url() === config.telemetry.endpoint && r.method() === 'POST') posts.push(r.postData() ?? '');
  });

  await openSignedIn(page, DEMO.demo.email, DEMO.demo.password, '/clubs');
  // The clubs page has loaded the person's clubs through the API.
  await expect(page.getByText('TSV Grünwald 1894 e.V.').first()).toBeVisible({ timeout: 20_000 });
  // Leaving the page flushes the queue by beacon; otherwise the 5 s timer does.
  await page.goto('/account');

  await expect.poll(async () => views(await read()) - views(before), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect.poll(async () => calls(await read()) - calls(before), { timeout: 20_000 }).toBeGreaterThan(0);
  // Nothing secret leaves the browser: no bearer token, no authorization code.
  const sent = posts.join('\n');
  expect(sent).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./);
  expect(sent).not.toContain('code=');
});
