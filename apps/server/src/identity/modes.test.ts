import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { devMails } from '../db/schema/index.ts';
import { createMailer } from '../lib/mailer.ts';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

describe('development features only in development mode', () => {
  it('shows the development mailbox in the embedded development mode', async () => {
    ctx = await createTestContext({ DEV_FEATURES: 'true' });
    expect(ctx.config.mode).toBe('development');
    await ctx.db.insert(devMails).values({ to: 'a@test.example', subject: 'Hallo Postfach', text: 'Text' });
    const res = await ctx.app.inject({ method: 'GET', url: '/oidc/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Hallo Postfach');
  });

  it.each([
    [
      'PostgreSQL with demo data',
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x', DEMO_DATA: 'true' },
    ],
    ['an https public address', { PUBLIC_URL: 'https://verein.example' }],
    ['the test default', {}],
  ])('has no development mailbox with %s', async (_name, env) => {
    ctx = await createTestContext(env);
    expect(ctx.config.mode).toBe('production');
    await ctx.db.insert(devMails).values({ to: 'a@test.example', subject: 'Geheim', text: 'Link' });
    const res = await ctx.app.inject({ method: 'GET', url: '/oidc/dev/mailbox' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Geheim');
  });

  it('writes mails to the log, not to the mailbox table, in production mode without SMTP', async () => {
    ctx = await createTestContext({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
      DEMO_DATA: 'true',
    });
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = Fastify({ logger: { level: 'info', stream } });
    const mailer = createMailer(ctx.config, ctx.db, logger.log);
    await mailer.send({
      to: 'vorstand@test.example',
      subject: 'Passwort',
      text: 'https://x/reset?token=abc',
    });
    expect(await ctx.db.select().from(devMails)).toEqual([]);
    expect(lines.join('')).toContain('no SMTP_URL: mail written to the log only');
    expect(lines.join('')).toContain('vorstand@test.example');
    await logger.close();
  });
});
