import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Database, Tx } from '../db/client.ts';
import type { Language } from '../lib/i18n.ts';
import type { Mail } from '../lib/mailer.ts';
import { enqueueMail } from '../modules/jobs/index.ts';
import { accountsRepository, type AccountRow } from './accounts.repository.ts';
import { revokeAccountModels } from './adapter.ts';
import type { BackgroundTasks } from './background.ts';
import type { DeviceCookies } from './devices.ts';
import { pageView } from './language.ts';
import { limitKeys, type AuthLimits, type LoginSubject } from './limits.ts';
import { mails } from './mails.ts';
import {
  duration,
  forgotPage,
  loginPage,
  messagePage,
  resetPage,
  signupPage,
  signupSentPage,
  portalLink,
  text,
  textsFor,
  tooManyPage,
  type PageContext,
  type PageView,
  type SignupValues,
} from './pages.ts';
import { checkPassword, PASSWORD_MAX_LENGTH, passwordMessage } from './password-policy.ts';
import { hashPassword, PasswordHashingBusyError, verifyPassword } from './passwords.ts';
import { API_SCOPE, apiResource, errorPage } from './provider.ts';

/** A mail to `to` whose link (if it carries one) `write` stores in the transaction that enqueues the mail. */
interface PlannedMail {
  to: string;
  write: (tx: Tx) => Promise<Mail>;
}

const RESET_TTL_MS = 60 * 60 * 1000;
const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;

const EmailSchema = z.email();
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

function field(body: unknown, key: string): string {
  const value = (body as Record<string, unknown> | null | undefined)?.[key];
  return typeof value === 'string' ? value : '';
}

export interface InteractionRoutesOptions {
  config: Config;
  db: Database;
  provider: Provider;
  pages: PageContext;
  limits: AuthLimits;
  devices: DeviceCookies;
  background: BackgroundTasks;
}

type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

/**
 * Login, sign-up, e-mail verification and password pages of the embedded provider (server-rendered, in the
 * language of the sign-in request or the browser: language.ts).
 */
export async function interactionRoutes(app: FastifyInstance, options: InteractionRoutesOptions) {
  const { config, db, provider, pages, limits, devices, background } = options;
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

  /**
   * A mail after the answer, if the recipient has not had too many this hour. The limit is asked first; then the
   * mail's link (`write`) and its mail job (ADR 0021) are written in one transaction, and the job worker sends it
   * (retried while the mail server is down). So a refused request changes nothing — the link in the last mail
   * sent keeps working — and no link exists without its mail. Failures before the job exists are logged.
   */
  const mailLater = (reply: FastifyReply, name: string, plan: () => Promise<PlannedMail | undefined>) =>
    background.run(name, reply.raw, async () => {
      const planned = await plan();
      if (!planned) return;
      if (!(await limits.mailAllowed(planned.to))) {
        app.log.info({ task: name }, 'mail skipped: too many to this recipient');
        return;
      }
      await db.transaction(async (tx) => enqueueMail(tx, name.replace(/\s+/g, '-'), await planned.write(tx)));
    });

  /** The pages for one reader: an interaction's `ui_locales`, else the request's `lang` or Accept-Language. */
  const viewOf = (request: FastifyRequest, details?: { params: Record<string, unknown> }): PageView =>
    pageView(pages, request, details?.params.ui_locales);
  /** A link of a mail, opened in the mail's language. */
  const mailLink = (path: string, token: string, lng: Language) =>
    `${config.oidc.issuer}${path}?token=${token}&lang=${lng}`;

  const tooMany = (reply: FastifyReply, view: PageView, seconds: number, backUrl: string) =>
    send(reply.header('retry-after', String(seconds)), 429, tooManyPage(view, { seconds, backUrl }));

  const busy = (reply: FastifyReply, view: PageView) =>
    send(
      reply.header('retry-after', '60'),
      503,
      messagePage(view, {
        title: text(view.lng, 'signIn.busyTitle'),
        message: text(view.lng, 'signIn.busy'),
        status: 'error',
      }),
    );

  /**
   * Password hashing and the strength check are bounded (passwords.ts, password-policy.ts); a full queue answers
   * 503 rather than waiting for ever.
   */
  async function hashed<T>(
    reply: FastifyReply,
    view: PageView,
    work: () => Promise<T>,
  ): Promise<T | FastifyReply> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof PasswordHashingBusyError) return busy(reply, view);
      throw error;
    }
  }

  /** The interaction named by the URL; the signed interaction cookie must belong to it (CSRF). */
  async function interactionOf(request: UidRequest, reply: FastifyReply) {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      return details.uid === request.params.uid ? details : undefined;
    } catch {
      return undefined;
    }
  }

  const expired = (reply: FastifyReply, view: PageView) =>
    send(
      reply,
      400,
      messagePage(view, {
        title: text(view.lng, 'signIn.expiredTitle'),
        message: text(view.lng, 'signIn.expired'),
        link: portalLink(view),
        status: 'error',
      }),
    );

  const renderLogin = (
    reply: FastifyReply,
    view: PageView,
    uid: string,
    status: number,
    o: { email?: string; error?: string; notice?: string },
  ) => {
    const u = urls(uid);
    return send(
      reply,
      status,
      loginPage(view, { action: u.loginPost, signupUrl: u.signup, forgotUrl: u.forgot, ...o }),
    );
  };

  async function finishLogin(request: UidRequest, reply: FastifyReply, accountId: string) {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, {
      login: { accountId, remember: true },
    });
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  }

  /** A fresh verification link for an account that has none confirmed yet (written with its mail). */
  const verificationMail = (lng: Language, account: AccountRow, firstName: string): PlannedMail => ({
    to: account.email,
    write: async (tx) => {
      const token = newToken();
      await accountsRepository.replaceEmailVerification(
        tx,
        account.id,
        sha256(token),
        new Date(Date.now() + VERIFY_TTL_MS),
      );
      return mails.verifyEmail(lng, account.email, {
        firstName,
        link: mailLink('/verify-email', token, lng),
      });
    },
  });

  app.get(`${base}/interaction/:uid`, async (request: UidRequest, reply) => {
    const details = await interactionOf(request, reply);
    if (!details) return expired(reply, viewOf(request));
    const view = viewOf(request, details);
    if (details.prompt.name === 'login') {
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
      return renderLogin(reply, view, details.uid, 200, { email: hint });
    }
    if (details.prompt.name === 'consent' && details.params.client_id === clientId && details.session) {
      // First-party client: consent is given without a screen.
      const { Grant } = provider;
      const grant =
        (details.grantId ? await Grant.find(details.grantId) : undefined) ??
        new Grant({ clientId, accountId: details.session.accountId });
      grant.addOIDCScope('openid profile email offline_access');
      grant.addResourceScope(resource, API_SCOPE);
      const grantId = await grant.save();
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
      return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
    }
    return send(reply, 400, errorPage(view, 'invalid_request'));
  });

  app.post(`${base}/interaction/:uid/login`, async (request: UidRequest, reply) => {
    const details = await interactionOf(request, reply);
    if (!details || details.prompt.name !== 'login') return expired(reply, viewOf(request, details));
    const view = viewOf(request, details);
    const email = field(request.body, 'email').trim();
    const password = field(request.body, 'password');
    if (!email || !password) {
      return renderLogin(reply, view, details.uid, 400, {
        email,
        error: text(view.lng, 'signIn.missingCredentials'),
      });
    }
    const account = await accountsRepository.findByEmail(db, email);
    const device = account ? devices.knownDevice(request, account.id) : undefined;
    const subject: LoginSubject = {
      account: limitKeys.account(email),
      address: limitKeys.address(request.ip),
      device: account && device ? limitKeys.device(account.id, device) : undefined,
    };
    const wait = await limits.loginWait(subject);
    if (wait.seconds > 0) {
      reply.header('retry-after', String(wait.seconds));
      return renderLogin(reply, view, details.uid, 429, {
        email,
        error: text(view.lng, 'signIn.wait', { wait: duration(view.lng, wait.seconds) }),
      });
    }
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    const ok = await hashed(reply, view, async () =>
      verifyPassword(password.slice(0, PASSWORD_MAX_LENGTH * 4), account?.passwordHash ?? (await dummyHash!)),
    );
    if (typeof ok !== 'boolean') return ok;
    if (!account || !ok) {
      const next = await limits.loginFailed(subject);
      request.log.info({ wait: next.seconds }, 'sign-in failed');
      return renderLogin(reply, view, details.uid, 401, {
        email,
        error: text(view.lng, 'signIn.badCredentials'),
      });
    }
    await limits.loginSucceeded(subject);
    devices.remember(request, reply, account.id, device);
    if (!account.emailVerified) {
      mailLater(reply, 'verification mail', async () =>
        verificationMail(view.lng, account, (await accountsRepository.firstName(db, account.personId)) ?? ''),
      );
      return renderLogin(reply, view, details.uid, 403, {
        email,
        notice: text(view.lng, 'signIn.unverified'),
      });
    }
    return finishLogin(request, reply, account.id);
  });

  app.get(`${base}/interaction/:uid/signup`, async (request: UidRequest, reply) => {
    const details = await interactionOf(request, reply);
    if (!details || details.prompt.name !== 'login') return expired(reply, viewOf(request, details));
    const u = urls(details.uid);
    return send(
      reply,
      200,
      signupPage(viewOf(request, details), { action: u.signup, loginUrl: u.login, values: {}, errors: {} }),
    );
  });

  app.post(`${base}/interaction/:uid/signup`, async (request: UidRequest, reply) => {
    const details = await interactionOf(request, reply);
    if (!details || details.prompt.name !== 'login') return expired(reply, viewOf(request, details));
    const view = viewOf(request, details);
    const t = textsFor(view.lng);
    const u = urls(details.uid);
    const values: SignupValues = {
      firstName: field(request.body, 'firstName').trim(),
      lastName: field(request.body, 'lastName').trim(),
      email: field(request.body, 'email').trim(),
    };
    const password = field(request.body, 'password');
    const errors: Record<string, string> = {};
    if (!values.firstName) errors.firstName = t('input.firstNameMissing');
    else if (values.firstName.length > 100) errors.firstName = t('input.firstNameLong');
    if (!values.lastName) errors.lastName = t('input.lastNameMissing');
    else if (values.lastName.length > 100) errors.lastName = t('input.lastNameLong');
    if (!EmailSchema.safeParse(values.email).success || values.email!.length > 254)
      errors.email = t('input.email');
    const render = (status: number, error?: string) =>
      send(reply, status, signupPage(view, { action: u.signup, loginUrl: u.login, values, errors, error }));
    if (Object.keys(errors).length > 0) return render(400, t('input.check'));
    const allowed = await limits.signup(limitKeys.address(request.ip));
    if (allowed.seconds > 0) return tooMany(reply, view, allowed.seconds, u.signup);
    const strength = await hashed(reply, view, () =>
      checkPassword(password, [values.firstName!, values.lastName!, values.email!]),
    );
    if (!('ok' in strength)) return strength;
    if (!strength.ok) {
      errors.password = passwordMessage(view.lng, strength);
      return render(400, t('input.check'));
    }

    // The answer is the same for a new and a known address: the hash is computed either way, and what
    // differs (creating the account or telling the owner that it exists, and the mail) happens after it.
    const passwordHash = await hashed(reply, view, () => hashPassword(password));
    if (typeof passwordHash !== 'string') return passwordHash;
    const email = values.email!;
    mailLater(reply, 'sign-up', async () => {
      const exists: PlannedMail = {
        to: email,
        write: async () => mails.accountExists(view.lng, email, { portalUrl: config.publicUrl }),
      };
      if (await accountsRepository.findByEmail(db, email)) return exists;
      let account: AccountRow;
      try {
        account = await db.transaction((tx) =>
          accountsRepository.createWithPerson(tx, {
            firstName: values.firstName!,
            lastName: values.lastName!,
            email,
            passwordHash,
            issuer: config.oidc.issuer,
          }),
        );
      } catch (error) {
        // A concurrent sign-up with the same address won the race on the unique index.
        if (await accountsRepository.findByEmail(db, email)) return exists;
        throw error;
      }
      app.log.info('account created');
      return verificationMail(view.lng, account, values.firstName!);
    });
    return send(reply, 200, signupSentPage(view, { email, loginUrl: u.login }));
  });

  app.get(`${base}/verify-email`, async (request, reply) => {
    const view = viewOf(request);
    const token = field(request.query, 'token');
    const accountId = token
      ? await db.transaction(async (tx) => {
          const id = await accountsRepository.useEmailVerification(tx, sha256(token));
          if (id) await accountsRepository.markEmailVerified(tx, id);
          return id;
        })
      : undefined;
    if (!accountId) {
      return send(
        reply,
        410,
        messagePage(view, {
          title: text(view.lng, 'linkInvalid'),
          message: text(view.lng, 'verify.invalid'),
          link: portalLink(view),
          status: 'error',
        }),
      );
    }
    request.log.info('e-mail address verified');
    return send(
      reply,
      200,
      messagePage(view, {
        title: text(view.lng, 'verify.doneTitle'),
        message: text(view.lng, 'verify.done'),
        link: portalLink(view),
      }),
    );
  });

  app.get(`${base}/interaction/:uid/forgot`, async (request: UidRequest, reply) => {
    const details = await interactionOf(request, reply);
    if (!details) return expired(reply, viewOf(request));
    const u = urls(details.uid);
    return send(reply, 200, forgotPage(viewOf(request, details), { action: u.forgot, loginUrl: u.login }));
  });

  app.post(`${base}/interaction/:uid/forgot`, async (request: UidRequest, reply) => {
    const details = await interactionOf(request, reply);
    if (!details) return expired(reply, viewOf(request));
    const view = viewOf(request, details);
    const u = urls(details.uid);
    const email = field(request.body, 'email').trim();
    if (!EmailSchema.safeParse(email).success) {
      return send(
        reply,
        400,
        forgotPage(view, {
          action: u.forgot,
          loginUrl: u.login,
          email,
          error: text(view.lng, 'input.email'),
        }),
      );
    }
    const allowed = await limits.reset(limitKeys.address(request.ip));
    if (allowed.seconds > 0) return tooMany(reply, view, allowed.seconds, u.forgot);
    // Looking the account up, the token and the mail happen after the answer: same answer, same time.
    mailLater(reply, 'password reset', async () => {
      const account = await accountsRepository.findByEmail(db, email);
      if (!account) return undefined;
      return {
        to: account.email,
        write: async (tx) => {
          const token = newToken();
          await accountsRepository.replacePasswordReset(
            tx,
            account.id,
            sha256(token),
            new Date(Date.now() + RESET_TTL_MS),
          );
          return mails.resetPassword(view.lng, account.email, {
            link: mailLink('/password/reset', token, view.lng),
          });
        },
      };
    });
    return send(reply, 200, forgotPage(view, { action: u.forgot, loginUrl: u.login, sent: true }));
  });

  // The form posts back in the page's language (the mail's link carries it).
  const resetAction = (lng: Language) => `${base}/password/reset?lang=${lng}`;
  const resetInvalid = (reply: FastifyReply, view: PageView) =>
    send(
      reply,
      410,
      messagePage(view, {
        title: text(view.lng, 'linkInvalid'),
        message: text(view.lng, 'reset.invalid'),
        link: portalLink(view),
        status: 'error',
      }),
    );

  app.get(`${base}/password/reset`, async (request, reply) => {
    const view = viewOf(request);
    const token = field(request.query, 'token');
    if (!token || !(await accountsRepository.findValidReset(db, sha256(token))))
      return resetInvalid(reply, view);
    return send(reply, 200, resetPage(view, { action: resetAction(view.lng), token }));
  });

  app.post(`${base}/password/reset`, async (request, reply) => {
    const view = viewOf(request);
    const token = field(request.body, 'token');
    const password = field(request.body, 'password');
    if (!token) return resetInvalid(reply, view);
    const accountId = await accountsRepository.findValidReset(db, sha256(token));
    if (!accountId) return resetInvalid(reply, view);
    const owner = await accountsRepository.findById(db, accountId);
    const strength = await hashed(reply, view, () => checkPassword(password, owner ? [owner.email] : []));
    if (!('ok' in strength)) return strength;
    if (!strength.ok) {
      return send(
        reply,
        400,
        resetPage(view, { action: resetAction(view.lng), token, error: passwordMessage(view.lng, strength) }),
      );
    }
    const passwordHash = await hashed(reply, view, () => hashPassword(password));
    if (typeof passwordHash !== 'string') return passwordHash;
    const account = await db.transaction(async (tx) => {
      const id = await accountsRepository.useReset(tx, sha256(token));
      if (!id) return undefined;
      await accountsRepository.setPassword(tx, id, passwordHash);
      await accountsRepository.retireResets(tx, id);
      // The link reached the mailbox: the address is confirmed too.
      await accountsRepository.markEmailVerified(tx, id);
      // A new password signs the account out everywhere.
      await revokeAccountModels(tx, id);
      return accountsRepository.findById(tx, id);
    });
    if (!account) return resetInvalid(reply, view);
    // Whoever holds the mailbox may sign in from here at once.
    await limits.loginSucceeded({
      account: limitKeys.account(account.email),
      address: limitKeys.address(request.ip),
    });
    request.log.info('password reset');
    return send(
      reply,
      200,
      messagePage(view, {
        title: text(view.lng, 'reset.doneTitle'),
        message: text(view.lng, 'reset.done'),
        link: portalLink(view),
      }),
    );
  });
}
