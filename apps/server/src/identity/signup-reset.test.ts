import { and, eq, isNull, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../lib/mailer.ts';
import { accounts, mailAddresses, passwordResets } from '../db/schema/index.ts';
import type { TestPerson } from '../../test/harness.ts';
import { CookieJar, formOf, startOidcDriver, type OidcDriver } from '../../test/oidc-browser.ts';

let d: OidcDriver;

beforeAll(async () => {
  d = await startOidcDriver();
});
afterAll(() => d.close());

let n = 0;
/** Each test signs up from its own client address (through a trusted proxy in a second driver below). */
const unique = (prefix: string) => `${prefix}-${Date.now()}-${++n}@test.example`;

/** Waits for the next mail to the address (mails leave after the answer). */
async function mailTo(to: string, count = 1, driver = d): Promise<Mail[]> {
  const until = Date.now() + 10_000;
  for (;;) {
    const found = driver.ctx.mailer.sent.filter((m) => m.to.toLowerCase() === to.toLowerCase());
    if (found.length >= count) return found;
    if (Date.now() > until) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Lets the background work finish (accounts, mail jobs and the worker that sends them, ADR 0021) before
 * looking for what did not happen.
 */
async function settle() {
  await new Promise((r) => setTimeout(r, 1_500));
}

async function openSignup() {
  const flow = await d.startFlow();
  const { html } = await d.openLogin(flow);
  const signupUrl = /href="([^"]+\/signup)"/.exec(html)![1]!;
  const page = await (await d.browse(flow.jar, signupUrl)).text();
  return { flow, action: formOf(page).action, page };
}

async function signup(values: { firstName: string; lastName: string; email: string; password: string }) {
  const { flow, action } = await openSignup();
  const res = await d.browse(flow.jar, action, { form: values });
  return { res, html: await res.text() };
}

async function openForgot() {
  const flow = await d.startFlow();
  const { html } = await d.openLogin(flow);
  const forgotUrl = /href="([^"]+\/forgot)"/.exec(html)![1]!;
  const page = await (await d.browse(flow.jar, forgotUrl)).text();
  return { flow, action: formOf(page).action };
}

const linkIn = (mail: Mail, path: string) =>
  new RegExp(`(http\\S+${path.replace('/', '\\/')}\\?token=\\S+)`).exec(mail.text)![1]!;

describe('sign-up with e-mail verification', () => {
  it('creates an account that signs in only after the address is confirmed', async () => {
    const email = unique('neu');
    const password = 'Kanu-Halle-Ostwind-7';
    const { res, html } = await signup({ firstName: 'Jonas', lastName: 'Becker', email, password });
    expect(res.status).toBe(200);
    expect(html).toContain('<h1>Fast geschafft!</h1>');
    expect(html).toContain(`Wir haben dir eine E-Mail an ${email} geschickt.`);

    const [mail] = await mailTo(email);
    expect(mail!.subject).toBe('Vereinsheim: Bitte bestätige deine E-Mail-Adresse');
    expect(mail!.text).toMatch(/^Hallo Jonas,/);
    const [account] = await d.ctx.db.select().from(accounts).where(eq(accounts.email, email));
    expect(account!.emailVerified).toBe(false);
    // The sign-up address is the person's first e-mail address in their personal data.
    const items = await d.ctx.db
      .select()
      .from(mailAddresses)
      .where(eq(mailAddresses.personId, account!.personId));
    expect(items).toMatchObject([{ email, isDefault: true }]);

    // Before the confirmation: the right password gets a notice and a fresh link, no code.
    const early = await d.startFlow();
    const login = await d.openLogin(early);
    const refused = await d.submitLogin(early, login.html, email, password);
    expect(refused.callback).toBeUndefined();
    expect(refused.page!.status).toBe(403);
    expect(await refused.page!.text()).toContain('Bitte bestätige zuerst deine E-Mail-Adresse.');
    const [, second] = await mailTo(email, 2);
    // The newer link replaced the first one.
    expect((await d.browse(new CookieJar(), linkIn(mail!, '/verify-email'))).status).toBe(410);

    const confirmed = await d.browse(new CookieJar(), linkIn(second!, '/verify-email'));
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Deine E-Mail-Adresse ist bestätigt.');
    expect((await d.browse(new CookieJar(), linkIn(second!, '/verify-email'))).status).toBe(410);

    const { tokens } = await d.signIn(email, password);
    expect(tokens.claims()).toMatchObject({ given_name: 'Jonas', email, email_verified: true });
    const api = await fetch(`${d.baseUrl}/api/b2c/person/${tokens.claims()!.sub}`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(api.status).toBe(200);
  });

  it('answers a known address exactly like a new one and tells the owner by mail', async () => {
    const owner = await d.ctx.createPerson({ firstName: 'Mia' });
    const fresh = unique('frei');
    const known = await signup({
      firstName: 'X',
      lastName: 'Y',
      email: owner.email.toUpperCase(),
      password: 'noch-ein-langes-passwort',
    });
    const unknown = await signup({
      firstName: 'X',
      lastName: 'Y',
      email: fresh,
      password: 'noch-ein-langes-passwort',
    });
    expect(known.res.status).toBe(unknown.res.status);
    // Identical apart from the address typed and the flow's own interaction id.
    const normalise = (html: string, email: string) =>
      html.replaceAll(email, 'ADDRESS').replace(/\/interaction\/[^/"]+/g, '/interaction/UID');
    expect(normalise(known.html, owner.email.toUpperCase())).toBe(normalise(unknown.html, fresh));
    expect(known.html).not.toContain('bereits');

    const [notice] = await mailTo(owner.email);
    expect(notice!.subject).toBe('Vereinsheim: Du hast schon ein Konto');
    expect(notice!.text).toContain('Passwort vergessen?');
    // No second account for the known address.
    const rows = await d.ctx.db
      .select()
      .from(accounts)
      .where(sql`lower(${accounts.email}) = ${owner.email.toLowerCase()}`);
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['1234567890', 'häufig verwendeten Passwörtern'],
    ['passwort123', 'häufig verwendeten Passwörtern'],
    ['qwertzuiop', 'Tastaturmuster'],
    ['kurz', 'mindestens 10 Zeichen'],
  ])('refuses the weak password %s with a German explanation', async (password, message) => {
    const email = unique('schwach');
    const { res, html } = await signup({ firstName: 'Jonas', lastName: 'Becker', email, password });
    expect(res.status).toBe(400);
    expect(html).toContain(message);
    await settle();
    expect(d.ctx.mailer.sent.filter((m) => m.to === email)).toEqual([]);
  });

  it('refuses a password made of the person’s own name', async () => {
    const { res, html } = await signup({
      firstName: 'Jonas',
      lastName: 'Becker',
      email: unique('name'),
      password: 'Jonas1990!',
    });
    expect(res.status).toBe(400);
    expect(html).toContain('Dein Name oder deine E-Mail-Adresse gehören nicht ins Passwort.');
  });
});

describe('password reset', () => {
  let target: TestPerson;
  beforeAll(async () => {
    target = await d.ctx.createPerson();
  });

  it('answers known and unknown addresses alike; one valid link at a time', async () => {
    const earlier = await d.signIn(target.email, target.password);
    const { flow, action } = await openForgot();
    const unknown = await d.browse(flow.jar, action, { form: { email: 'niemand@test.example' } });
    const first = await d.browse(flow.jar, action, { form: { email: target.email } });
    const unknownText = await unknown.text();
    expect(unknownText).toContain(
      'Falls es ein Konto mit dieser E-Mail-Adresse gibt, haben wir dir einen Link zum Zurücksetzen deines Passworts geschickt.',
    );
    expect(await first.text()).toBe(unknownText);
    const [firstMail] = await mailTo(target.email);
    // A second request: a new link, and the first one stops working.
    await d.browse(flow.jar, action, { form: { email: target.email } });
    const [, secondMail] = await mailTo(target.email, 2);
    const [account] = await d.ctx.db.select().from(accounts).where(eq(accounts.email, target.email));
    const open = await d.ctx.db
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.accountId, account!.id), isNull(passwordResets.usedAt)));
    expect(open).toHaveLength(1);
    expect((await d.browse(new CookieJar(), linkIn(firstMail!, '/password/reset'))).status).toBe(410);
    await settle();
    expect(d.ctx.mailer.sent.filter((m) => m.to === 'niemand@test.example')).toEqual([]);

    const jar = new CookieJar();
    const link = linkIn(secondMail!, '/password/reset');
    const resetPage = await d.browse(jar, link);
    expect(resetPage.status).toBe(200);
    const resetForm = formOf(await resetPage.text());
    const weak = await d.browse(jar, resetForm.action, {
      form: { ...resetForm.hidden, password: '1234567890' },
    });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain('zu leicht zu erraten');
    const done = await d.browse(jar, resetForm.action, {
      form: { ...resetForm.hidden, password: 'mein-neues-passwort' },
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Dein Passwort wurde geändert.');

    // The reset signed the account out everywhere: earlier refresh tokens are dead.
    const revoked = await oidc.refreshTokenGrant(d.config, earlier.tokens.refresh_token!).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((revoked as oidc.ResponseBodyError).error).toBe('invalid_grant');
    await expect(d.signIn(target.email, 'mein-neues-passwort')).resolves.toBeTruthy();
    expect((await d.browse(jar, link)).status).toBe(410);
  });

  it('keeps the same answer when the mail server is down', async () => {
    const failing = await startOidcDriver();
    try {
      const victim = await failing.ctx.createPerson();
      failing.ctx.mailer.send = () => Promise.reject(new Error('ECONNREFUSED 127.0.0.1:25'));
      const flow = await failing.startFlow();
      const { html } = await failing.openLogin(flow);
      const forgotUrl = /href="([^"]+\/forgot)"/.exec(html)![1]!;
      const action = formOf(await (await failing.browse(flow.jar, forgotUrl)).text()).action;
      const known = await failing.browse(flow.jar, action, { form: { email: victim.email } });
      const unknown = await failing.browse(flow.jar, action, { form: { email: 'keiner@test.example' } });
      expect(known.status).toBe(200);
      expect(await known.text()).toBe(await unknown.text());
      // Sign-up too: the verification mail fails after the answer, which stays the same.
      const signupUrl = /href="([^"]+\/signup)"/.exec(html)![1]!;
      const signupAction = formOf(await (await failing.browse(flow.jar, signupUrl)).text()).action;
      const signedUp = await failing.browse(flow.jar, signupAction, {
        form: {
          firstName: 'Ida',
          lastName: 'Ohnepost',
          email: unique('ohnepost'),
          password: 'Kanu-Halle-Ostwind-7',
        },
      });
      expect(signedUp.status).toBe(200);
      expect(await signedUp.text()).toContain('Fast geschafft!');
    } finally {
      await failing.close();
    }
  });
});

describe('in English', () => {
  // Its own client address through a trusted proxy: the sign-ups above do not count against it.
  let e: OidcDriver;
  const from = { headers: { 'x-forwarded-for': '198.51.100.23' } };
  beforeAll(async () => {
    e = await startOidcDriver({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => e.close());

  it('a sign-in the portal asks for in English (ui_locales) signs up in English, by pages and mails', async () => {
    // The browser itself prefers German: the portal's choice wins.
    const flow = await e.startFlow(undefined, { ui_locales: 'en' });
    const { html } = await e.openLogin(flow, { headers: { ...from.headers, 'accept-language': 'de-DE,de' } });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Sign in</h1>');
    expect(html).toContain('<label for="f-email">Email address</label>');
    expect(html).toContain('Forgot your password?');
    expect(html).not.toContain('Anmelden');

    const wrong = await e.submitLogin(flow, html, unique('unknown'), 'not-the-password', from);
    expect(wrong.page!.status).toBe(401);
    expect(await wrong.page!.text()).toContain('Email address or password is wrong.');

    const signupUrl = /href="([^"]+\/signup)"/.exec(html)![1]!;
    const signupHtml = await (await e.browse(flow.jar, signupUrl, from)).text();
    expect(signupHtml).toContain('<h1>Create account</h1>');
    expect(signupHtml).toContain('At least 10 characters, not easy to guess');
    const action = formOf(signupHtml).action;
    const email = unique('english');
    const weak = await e.browse(flow.jar, action, {
      ...from,
      form: { firstName: 'Emma', lastName: '', email, password: 'qwertzuiop' },
    });
    expect(weak.status).toBe(400);
    const weakHtml = await weak.text();
    expect(weakHtml).toContain('Please check your entries.');
    expect(weakHtml).toContain('Please enter your last name.');

    const sent = await e.browse(flow.jar, action, {
      ...from,
      form: { firstName: 'Emma', lastName: 'Brown', email, password: 'Kanu-Halle-Ostwind-7' },
    });
    expect(sent.status).toBe(200);
    const sentHtml = await sent.text();
    expect(sentHtml).toContain('<h1>Almost done!</h1>');
    expect(sentHtml).toContain(`We have sent an email to ${email}.`);

    const [mail] = await mailTo(email, 1, e);
    expect(mail!.subject).toBe('Vereinsheim: Please confirm your email address');
    expect(mail!.text).toMatch(/^Hello Emma,\n\nyou have created an account at Vereinsheim\./);
    const link = linkIn(mail!, '/verify-email');
    expect(new URL(link).searchParams.get('lang')).toBe('en');
    // The link opens in the mail's language, whatever the browser that opens it prefers.
    const confirmed = await e.browse(new CookieJar(), link, { headers: { 'accept-language': 'de' } });
    expect(confirmed.status).toBe(200);
    const confirmedHtml = await confirmed.text();
    expect(confirmedHtml).toContain('<h1>Email address confirmed</h1>');
    expect(confirmedHtml).toContain('Go to the portal');
    const again = await e.browse(new CookieJar(), link);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('This confirmation link has expired or has already been used.');
  });

  it('a browser that prefers English resets a password in English', async () => {
    const person = await e.ctx.createPerson();
    const flow = await e.startFlow();
    const english = { headers: { ...from.headers, 'accept-language': 'en-GB,en;q=0.9,de;q=0.5' } };
    const { html } = await e.openLogin(flow, english);
    expect(html).toContain('<h1>Sign in</h1>');
    const forgotUrl = /href="([^"]+\/forgot)"/.exec(html)![1]!;
    const forgotHtml = await (await e.browse(flow.jar, forgotUrl, english)).text();
    expect(forgotHtml).toContain('<h1>Forgot your password?</h1>');
    const answer = await e.browse(flow.jar, formOf(forgotHtml).action, {
      ...english,
      form: { email: person.email },
    });
    expect(await answer.text()).toContain(
      'If there is an account with this email address, we have sent you a link',
    );

    const [mail] = await mailTo(person.email, 1, e);
    expect(mail!.subject).toBe('Vereinsheim: Reset your password');
    const jar = new CookieJar();
    const resetHtml = await (await e.browse(jar, linkIn(mail!, '/password/reset'))).text();
    expect(resetHtml).toContain('<h1>Set a new password</h1>');
    const form = formOf(resetHtml);
    const weak = await e.browse(jar, form.action, { form: { ...form.hidden, password: '1234567890' } });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain('This password is too easy to guess.');
    const done = await e.browse(jar, form.action, {
      form: { ...form.hidden, password: 'my-brand-new-passphrase' },
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(
      'Your password has been changed. You can now sign in with the new password.',
    );
  });
});
