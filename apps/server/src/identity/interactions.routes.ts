import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../lib/mailer.ts';
import { accountsRepository } from './accounts.repository.ts';
import { revokeAccountModels } from './adapter.ts';
import {
  forgotPage,
  loginPage,
  messagePage,
  PASSWORD_MIN_LENGTH,
  resetPage,
  signupPage,
  type PageContext,
  type SignupValues,
} from './pages.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { apiResource, errorPage } from './provider.ts';
import { loginThrottleService, throttleKeys, THROTTLE } from './throttle.ts';

const RESET_TTL_MS = 60 * 60 * 1000;
const PASSWORD_MAX_LENGTH = 200;

export const TEXT = {
  badCredentials: 'E-Mail-Adresse oder Passwort ist falsch.',
  missingCredentials: 'Bitte gib deine E-Mail-Adresse und dein Passwort ein.',
  locked: `Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuche es in ${THROTTLE.lockMinutes} Minuten erneut oder setze dein Passwort zurück.`,
  expired: 'Deine Anmeldung ist abgelaufen. Bitte starte sie im Portal erneut.',
  emailTaken:
    'Für diese E-Mail-Adresse gibt es bereits ein Konto. Melde dich an oder setze dein Passwort zurück.',
  resetInvalid:
    'Dieser Link ist abgelaufen oder wurde bereits verwendet. Fordere bitte über „Passwort vergessen?“ einen neuen Link an.',
  resetDone: 'Dein Passwort wurde geändert. Du kannst dich jetzt mit dem neuen Passwort anmelden.',
  passwordTooShort: `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`,
} as const;

const EmailSchema = z.email();
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function field(body: unknown, key: string): string {
  const value = (body as Record<string, unknown> | null | undefined)?.[key];
  return typeof value === 'string' ? value : '';
}

function passwordError(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return TEXT.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Das Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein.`;
  return undefined;
}

export interface InteractionRoutesOptions {
  config: Config;
  db: Database;
  mailer: Mailer;
  provider: Provider;
  pages: PageContext;
}

type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

/** Login, sign-up and password pages of the embedded provider (German, server-rendered). */
export async function interactionRoutes(app: FastifyInstance, options: InteractionRoutesOptions) {
  const { config, db, mailer, provider, pages } = options;
  const base = pages.base;
  const clientId = config.oidc.clientId;
  const resource = apiResource(config);
  const urls = (uid: string) => ({
    login: `${base}/interaction/${uid}`,
    loginPost: `${base}/interaction/${uid}/login`,
    signup: `${base}/interaction/${uid}/signup`,
    forgot: `${base}/interaction/${uid}/forgot`,
  });
  // Verifying against a throw-away hash keeps unknown addresses as slow as wrong passwords.
  let dummyHash: Promise<string> | undefined;

  const send = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

  /** The interaction named by the URL; the signed interaction cookie must belong to it (CSRF). */
  async function interactionOf(request: UidRequest, reply: FastifyReply) {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      return details.uid === request.params.uid ? details : undefined;
    } catch {
      return undefined;
    }
  }

  const expired = (reply: FastifyReply) =>
    send(
      reply,
      400,
      messagePage(pages, {
        title: 'Anmeldung abgelaufen',
        message: TEXT.expired,
        link: { href: `${config.publicUrl}/`, label: 'Zum Portal' },
        status: 'error',
      }),
    );

  const renderLogin = (
    reply: FastifyReply,
    uid: string,
    status: number,
    o: { email?: string; error?: string; notice?: string },
  ) => {
    const u = urls(uid);
    return send(
      reply,
      status,
      loginPage(pages, { action: u.loginPost, signupUrl: u.signup, forgotUrl: u.forgot, ...o }),
    );
  };

  async function finishLogin(request: UidRequest, reply: FastifyReply, accountId: string) {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, {
      login: { accountId, remember: true },
    });
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  }

  app.get(`${base}/interaction/:uid`, async (request: UidRequest, reply) => {
    const details = await interactionOf(request, reply);
    if (!details) return expired(reply);
    if (details.prompt.name === 'login') {
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
      return renderLogin(reply, details.uid, 200, { email: hint });
    }
    if (details.prompt.name === 'consent' && details.params.client_id === clientId && details.session) {
      // First-party client: consent is given without a screen.
      const { Grant } = provider;
      const grant =
        (details.grantId ? await Grant.find(details.grantId) : undefined) ??
        new Grant({ clientId, accountId: details.session.accountId });
      grant.addOIDCScope('openid profile email offline_access');
      grant.addResourceScope(resource, 'api');
      const grantId = await grant.save();
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
      return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
    }
    return send(reply, 400, errorPage(pages, 'invalid_request'));
  });

  app.post(`${base}/interaction/:uid/login`, async (request: UidRequest, reply) => {
    const details = await interactionOf(request, reply);
    if (!details || details.prompt.name !== 'login') return expired(reply);
    const email = field(request.body, 'email').trim();
    const password = field(request.body, 'password');
    if (!email || !password) {
      return renderLogin(reply, details.uid, 400, { email, error: TEXT.missingCredentials });
    }
    const keys = throttleKeys(email, request.ip);
    if (await loginThrottleService.isLocked(db, [keys.email.key, keys.address.key])) {
      return renderLogin(reply, details.uid, 429, { email, error: TEXT.locked });
    }
    const account = await accountsRepository.findByEmail(db, email);
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    const ok = await verifyPassword(
      password.slice(0, PASSWORD_MAX_LENGTH * 4),
      account?.passwordHash ?? (await dummyHash),
    );
    if (!account || !ok) {
      const locked = await loginThrottleService.recordFailure(db, [keys.email, keys.address]);
      request.log.info({ throttled: locked }, 'sign-in failed');
      return renderLogin(reply, details.uid, locked ? 429 : 401, {
        email,
        error: locked ? TEXT.locked : TEXT.badCredentials,
      });
    }
    await loginThrottleService.clear(db, keys.email.key);
    return finishLogin(request, reply, account.id);
  });

  app.get(`${base}/interaction/:uid/signup`, async (request: UidRequest, reply) => {
    const details = await interactionOf(request, reply);
    if (!details || details.prompt.name !== 'login') return expired(reply);
    const u = urls(details.uid);
    return send(
      reply,
      200,
      signupPage(pages, { action: u.signup, loginUrl: u.login, values: {}, errors: {} }),
    );
  });

  app.post(`${base}/interaction/:uid/signup`, async (request: UidRequest, reply) => {
    const details = await interactionOf(request, reply);
    if (!details || details.prompt.name !== 'login') return expired(reply);
    const u = urls(details.uid);
    const values: SignupValues = {
      firstName: field(request.body, 'firstName').trim(),
      lastName: field(request.body, 'lastName').trim(),
      email: field(request.body, 'email').trim(),
    };
    const password = field(request.body, 'password');
    const errors: Record<string, string> = {};
    if (!values.firstName) errors.firstName = 'Bitte gib deinen Vornamen ein.';
    else if (values.firstName.length > 100) errors.firstName = 'Der Vorname ist zu lang.';
    if (!values.lastName) errors.lastName = 'Bitte gib deinen Nachnamen ein.';
    else if (values.lastName.length > 100) errors.lastName = 'Der Nachname ist zu lang.';
    if (!EmailSchema.safeParse(values.email).success || values.email!.length > 254)
      errors.email = 'Bitte gib eine gültige E-Mail-Adresse ein.';
    const pwError = passwordError(password);
    if (pwError) errors.password = pwError;
    const render = (status: number, error?: string) =>
      send(reply, status, signupPage(pages, { action: u.signup, loginUrl: u.login, values, errors, error }));
    if (Object.keys(errors).length > 0) return render(400, 'Bitte prüfe deine Eingaben.');
    if (await accountsRepository.findByEmail(db, values.email!)) return render(409, TEXT.emailTaken);

    const passwordHash = await hashPassword(password);
    let accountId: string;
    try {
      accountId = await db.transaction(async (tx) => {
        const account = await accountsRepository.createWithPerson(tx, {
          firstName: values.firstName!,
          lastName: values.lastName!,
          email: values.email!,
          passwordHash,
          issuer: config.oidc.issuer,
        });
        return account.id;
      });
    } catch (error) {
      // A concurrent sign-up with the same address lost the race on the unique index.
      if (await accountsRepository.findByEmail(db, values.email!)) return render(409, TEXT.emailTaken);
      throw error;
    }
    request.log.info('account created');
    return finishLogin(request, reply, accountId);
  });

  app.get(`${base}/interaction/:uid/forgot`, async (request: UidRequest, reply) => {
    const details = await interactionOf(request, reply);
    if (!details) return expired(reply);
    const u = urls(details.uid);
    return send(reply, 200, forgotPage(pages, { action: u.forgot, loginUrl: u.login }));
  });

  app.post(`${base}/interaction/:uid/forgot`, async (request: UidRequest, reply) => {
    const details = await interactionOf(request, reply);
    if (!details) return expired(reply);
    const u = urls(details.uid);
    const email = field(request.body, 'email').trim();
    if (!EmailSchema.safeParse(email).success) {
      return send(
        reply,
        400,
        forgotPage(pages, {
          action: u.forgot,
          loginUrl: u.login,
          email,
          error: 'Bitte gib eine gültige E-Mail-Adresse ein.',
        }),
      );
    }
    const account = await accountsRepository.findByEmail(db, email);
    if (account) {
      const token = randomBytes(32).toString('base64url');
      await accountsRepository.createPasswordReset(
        db,
        account.id,
        sha256(token),
        new Date(Date.now() + RESET_TTL_MS),
      );
      const link = `${config.oidc.issuer}/password/reset?token=${token}`;
      await mailer.send({
        to: account.email,
        subject: 'Vereinsheim: Passwort zurücksetzen',
        text:
          'Hallo,\n\n' +
          'für dein Vereinsheim-Konto wurde ein neues Passwort angefordert. ' +
          'Mit diesem Link legst du es fest (eine Stunde gültig, nur einmal verwendbar):\n\n' +
          `${link}\n\n` +
          'Wenn du das nicht warst, ignoriere diese E-Mail einfach. Dein bisheriges Passwort bleibt dann gültig.\n\n' +
          'Dein Vereinsheim-Team\n',
      });
    }
    return send(reply, 200, forgotPage(pages, { action: u.forgot, loginUrl: u.login, sent: true }));
  });

  const resetAction = `${base}/password/reset`;
  const resetInvalid = (reply: FastifyReply) =>
    send(
      reply,
      410,
      messagePage(pages, {
        title: 'Link ungültig',
        message: TEXT.resetInvalid,
        link: { href: `${config.publicUrl}/`, label: 'Zum Portal' },
        status: 'error',
      }),
    );

  app.get(`${base}/password/reset`, async (request, reply) => {
    const token = field(request.query, 'token');
    if (!token || !(await accountsRepository.findValidReset(db, sha256(token)))) return resetInvalid(reply);
    return send(reply, 200, resetPage(pages, { action: resetAction, token }));
  });

  app.post(`${base}/password/reset`, async (request, reply) => {
    const token = field(request.body, 'token');
    const password = field(request.body, 'password');
    if (!token) return resetInvalid(reply);
    const pwError = passwordError(password);
    if (pwError) {
      if (!(await accountsRepository.findValidReset(db, sha256(token)))) return resetInvalid(reply);
      return send(reply, 400, resetPage(pages, { action: resetAction, token, error: pwError }));
    }
    const passwordHash = await hashPassword(password);
    const account = await db.transaction(async (tx) => {
      const accountId = await accountsRepository.useReset(tx, sha256(token));
      if (!accountId) return undefined;
      await accountsRepository.setPassword(tx, accountId, passwordHash);
      await accountsRepository.retireResets(tx, accountId);
      // A new password signs the account out everywhere.
      await revokeAccountModels(tx, accountId);
      return accountsRepository.findById(tx, accountId);
    });
    if (!account) return resetInvalid(reply);
    // Whoever holds the mailbox may sign in again at once.
    await loginThrottleService.clear(db, throttleKeys(account.email, '').email.key);
    request.log.info('password reset');
    return send(
      reply,
      200,
      messagePage(pages, {
        title: 'Passwort geändert',
        message: TEXT.resetDone,
        link: { href: `${config.publicUrl}/`, label: 'Zum Portal' },
      }),
    );
  });
}
