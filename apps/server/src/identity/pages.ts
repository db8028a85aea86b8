/**
 * The provider's German pages: plain server-rendered HTML with one stylesheet and no inline script
 * (the CSP allows scripts from 'self' only). Every value is escaped.
 */

import { dateTimeFormat } from '../lib/intl.ts';
import { PASSWORD_MIN_LENGTH } from './password-policy.ts';

export { PASSWORD_MIN_LENGTH };

const PASSWORD_HINT = `Mindestens ${PASSWORD_MIN_LENGTH} Zeichen, nicht leicht zu erraten – am besten mehrere Wörter, die nicht zusammengehören.`;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function esc(value: unknown): string {
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? `${value}`
        : '';
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A trusted HTML fragment (already escaped). */
export interface Html {
  html: string;
}
const raw = (html: string): Html => ({ html });

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]!;
  values.forEach((value, i) => {
    const part = Array.isArray(value)
      ? value.map((v) => (isHtml(v) ? v.html : esc(v))).join('')
      : isHtml(value)
        ? value.html
        : value === false || value === null || value === undefined
          ? ''
          : esc(value);
    out += part + strings[i + 1]!;
  });
  return raw(out);
}

function isHtml(value: unknown): value is Html {
  return typeof value === 'object' && value !== null && 'html' in value;
}

export interface PageContext {
  /** Path prefix of the provider, e.g. `/oidc`. */
  base: string;
  /** The portal's start page. */
  portalUrl: string;
}

const logo = raw(
  '<svg class="brand-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">' +
    '<path d="M4 15 16 5l12 10v12a1 1 0 0 1-1 1h-7v-8h-8v8H5a1 1 0 0 1-1-1z" fill="currentColor"/></svg>',
);

export function layout(
  ctx: PageContext,
  title: string,
  body: Html,
  options: { script?: string } = {},
): string {
  return `<!DOCTYPE html>${
    html`<html lang="de">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title} · Vereinsheim</title>
        <link rel="stylesheet" href="${ctx.base}/assets/portal.css" />
        ${options.script ? html`<script src="${ctx.base}/assets/${options.script}" defer></script>` : ''}
      </head>
      <body>
        <div class="page">
          <header class="brand">
            <a href="${ctx.portalUrl}">${logo}<span>Vereinsheim</span></a>
          </header>
          <main class="card">${body}</main>
          <footer class="footer">Dein Mitgliederportal für Sportvereine</footer>
        </div>
      </body>
    </html>`.html
  }`;
}

function alert(kind: 'error' | 'info', message: string | undefined): Html {
  if (!message) return raw('');
  return kind === 'error'
    ? html`<p class="alert alert-error" role="alert">${message}</p>`
    : html`<p class="alert alert-info" role="status">${message}</p>`;
}

interface FieldOptions {
  name: string;
  label: string;
  type?: string;
  value?: string;
  autocomplete: string;
  error?: string;
  hint?: string;
  minlength?: number;
  autofocus?: boolean;
}

function field(o: FieldOptions): Html {
  const id = `f-${o.name}`;
  const describedBy = [o.hint ? `${id}-hint` : '', o.error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return html`<div class="field">
    <label for="${id}">${o.label}</label>
    <input
      id="${id}"
      name="${o.name}"
      type="${o.type ?? 'text'}"
      autocomplete="${o.autocomplete}"
      required${
        o.value !== undefined && o.type !== 'password' ? html` value="${o.value}"` : ''
      }${o.minlength ? html` minlength="${o.minlength}"` : ''}${o.autofocus ? raw(' autofocus') : ''}${
        o.error ? raw(' aria-invalid="true"') : ''
      }${describedBy ? html` aria-describedby="${describedBy}"` : ''}
    />
    ${o.hint ? html`<p class="hint" id="${id}-hint">${o.hint}</p>` : ''}
    ${o.error ? html`<p class="field-error" id="${id}-error">${o.error}</p>` : ''}
  </div>`;
}

export function loginPage(
  ctx: PageContext,
  o: {
    action: string;
    signupUrl: string;
    forgotUrl: string;
    email?: string;
    error?: string;
    notice?: string;
  },
): string {
  return layout(
    ctx,
    'Anmelden',
    html`<h1>Anmelden</h1>
      <p class="lead">Melde dich mit deiner E-Mail-Adresse und deinem Passwort an.</p>
      ${alert('error', o.error)}${alert('info', o.notice)}
      <form method="post" action="${o.action}" novalidate>
        ${field({ name: 'email', label: 'E-Mail-Adresse', type: 'email', autocomplete: 'username', value: o.email, autofocus: !o.email })}
        ${field({ name: 'password', label: 'Passwort', type: 'password', autocomplete: 'current-password', autofocus: !!o.email })}
        <p class="aside"><a href="${o.forgotUrl}">Passwort vergessen?</a></p>
        <button type="submit" class="button">Anmelden</button>
      </form>
      <p class="switch">Noch kein Konto? <a href="${o.signupUrl}">Konto erstellen</a></p>`,
  );
}

export interface SignupValues {
  firstName?: string;
  lastName?: string;
  email?: string;
}

export function signupPage(
  ctx: PageContext,
  o: {
    action: string;
    loginUrl: string;
    values: SignupValues;
    errors: Record<string, string>;
    error?: string;
  },
): string {
  return layout(
    ctx,
    'Konto erstellen',
    html`<h1>Konto erstellen</h1>
      <p class="lead">Lege dein Konto für das Mitgliederportal an.</p>
      ${alert('error', o.error)}
      <form method="post" action="${o.action}" novalidate>
        ${field({ name: 'firstName', label: 'Vorname', autocomplete: 'given-name', value: o.values.firstName, error: o.errors.firstName, autofocus: true })}
        ${field({ name: 'lastName', label: 'Nachname', autocomplete: 'family-name', value: o.values.lastName, error: o.errors.lastName })}
        ${field({ name: 'email', label: 'E-Mail-Adresse', type: 'email', autocomplete: 'email', value: o.values.email, error: o.errors.email })}
        ${field({
          name: 'password',
          label: 'Passwort',
          type: 'password',
          autocomplete: 'new-password',
          minlength: PASSWORD_MIN_LENGTH,
          hint: PASSWORD_HINT,
          error: o.errors.password,
        })}
        <button type="submit" class="button">Konto erstellen</button>
      </form>
      <p class="switch">Schon registriert? <a href="${o.loginUrl}">Anmelden</a></p>`,
  );
}

/** The same page whether the address is new or already has an account (no account enumeration). */
export function signupSentPage(ctx: PageContext, o: { email: string; loginUrl: string }): string {
  return layout(
    ctx,
    'Fast geschafft',
    html`<h1>Fast geschafft!</h1>
      ${alert('info', `Wir haben dir eine E-Mail an ${o.email} geschickt.`)}
      <p class="lead">
        Öffne den Link darin, um deine E-Mail-Adresse zu bestätigen. Danach kannst du dich anmelden.
      </p>
      <p class="hint">
        Keine E-Mail bekommen? Schau im Spam-Ordner nach. Der Link ist 24 Stunden lang gültig.
      </p>
      <p class="switch"><a href="${o.loginUrl}">Zur Anmeldung</a></p>`,
  );
}

/** „5 Sekunden“, „eine Minute“, „3 Stunden“: a wait, rounded up to a whole unit. */
export function duration(seconds: number): string {
  const unit = (n: number, one: string, many: string, article: string) =>
    n === 1 ? `${article} ${one}` : `${n} ${many}`;
  if (seconds < 60) return unit(Math.max(1, Math.ceil(seconds)), 'Sekunde', 'Sekunden', 'eine');
  if (seconds < 3600) return unit(Math.ceil(seconds / 60), 'Minute', 'Minuten', 'eine');
  return unit(Math.ceil(seconds / 3600), 'Stunde', 'Stunden', 'eine');
}

export function tooManyPage(ctx: PageContext, o: { seconds: number; backUrl: string }): string {
  return layout(
    ctx,
    'Zu viele Versuche',
    html`<h1>Zu viele Versuche</h1>
      ${alert('error', `Bitte warte ${duration(o.seconds)} und versuche es dann erneut.`)}
      <p class="actions"><a class="button" href="${o.backUrl}">Zurück</a></p>`,
  );
}

export const FORGOT_SENT =
  'Falls es ein Konto mit dieser E-Mail-Adresse gibt, haben wir dir einen Link zum Zurücksetzen deines Passworts geschickt. Der Link ist eine Stunde lang gültig.';

export function forgotPage(
  ctx: PageContext,
  o: { action: string; loginUrl: string; email?: string; sent?: boolean; error?: string },
): string {
  return layout(
    ctx,
    'Passwort vergessen',
    html`<h1>Passwort vergessen?</h1>
      ${
        o.sent
          ? html`${alert('info', FORGOT_SENT)}`
          : html`<p class="lead">
                Gib die E-Mail-Adresse deines Kontos ein. Wir schicken dir einen Link, mit dem du ein neues
                Passwort festlegen kannst.
              </p>
              ${alert('error', o.error)}
              <form method="post" action="${o.action}" novalidate>
                ${field({ name: 'email', label: 'E-Mail-Adresse', type: 'email', autocomplete: 'email', value: o.email, autofocus: true })}
                <button type="submit" class="button">Link senden</button>
              </form>`
      }
      <p class="switch"><a href="${o.loginUrl}">Zurück zur Anmeldung</a></p>`,
  );
}

export function resetPage(ctx: PageContext, o: { action: string; token: string; error?: string }): string {
  return layout(
    ctx,
    'Neues Passwort',
    html`<h1>Neues Passwort festlegen</h1>
      ${alert('error', o.error)}
      <form method="post" action="${o.action}" novalidate>
        <input type="hidden" name="token" value="${o.token}" />
        ${field({
          name: 'password',
          label: 'Neues Passwort',
          type: 'password',
          autocomplete: 'new-password',
          minlength: PASSWORD_MIN_LENGTH,
          hint: PASSWORD_HINT,
          autofocus: true,
        })}
        <button type="submit" class="button">Passwort speichern</button>
      </form>`,
  );
}

export function messagePage(
  ctx: PageContext,
  o: { title: string; message: string; link?: { href: string; label: string }; status?: 'error' | 'info' },
): string {
  return layout(
    ctx,
    o.title,
    html`<h1>${o.title}</h1>
      ${alert(o.status ?? 'info', o.message)}
      ${o.link ? html`<p class="actions"><a class="button" href="${o.link.href}">${o.link.label}</a></p>` : ''}`,
  );
}

/** RP-initiated logout: the library's form (with its xsrf field) submits itself via logout.js. */
export function logoutPage(ctx: PageContext, formHtml: string): string {
  const form = formHtml.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return layout(
    ctx,
    'Abmelden',
    html`<h1>Du wirst abgemeldet …</h1>
      <p class="lead">Einen Moment bitte.</p>
      ${raw(form)}
      <p class="actions"><button type="submit" form="op.logoutForm" class="button">Abmelden</button></p>`,
    { script: 'logout.js' },
  );
}

/**
 * RP-initiated logout without a valid ID token of this session (e.g. a link on another website): the
 * person decides. No script: nothing is submitted unless they press the button.
 */
export function logoutQuestionPage(ctx: PageContext, formHtml: string): string {
  const form = formHtml.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return layout(
    ctx,
    'Abmelden?',
    html`<h1>Möchtest du dich abmelden?</h1>
      <p class="lead">
        Eine Anwendung möchte dich vom Vereinsheim abmelden. Wenn du das nicht selbst angestoßen hast, bleib
        einfach angemeldet.
      </p>
      ${raw(form)}
      <p class="actions">
        <button type="submit" form="op.logoutForm" class="button">Abmelden</button>
        <a class="button button-secondary" href="${ctx.portalUrl}/">Angemeldet bleiben</a>
      </p>`,
  );
}

/** „27.11.2026, 18:30:05“, as `toLocaleString('de-DE')` shows it. */
const mailboxTime = dateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

export function mailboxPage(
  ctx: PageContext,
  mails: { to: string; subject: string; text: string; createdAt: Date }[],
): string {
  const linkify = (text: string) =>
    raw(esc(text).replace(/https?:\/\/[^\s<>"]+/g, (url) => `<a href="${url}">${url}</a>`));
  return layout(
    ctx,
    'Entwicklungs-Postfach',
    html`<h1>Entwicklungs-Postfach</h1>
      <p class="lead">Ohne SMTP-Server landen E-Mails hier und im Log (nur in der Entwicklung).</p>
      ${
        mails.length === 0
          ? html`<p class="alert alert-info" role="status">Noch keine E-Mails.</p>`
          : mails.map(
              (m) =>
                html`<article class="mail">
                  <h2>${m.subject}</h2>
                  <p class="meta">An ${m.to} · ${mailboxTime.format(m.createdAt)}</p>
                  <pre>${linkify(m.text)}</pre>
                </article>`,
            )
      }`,
  );
}
