/**
 * The provider's pages, in the reader's language (texts under `identity` in src/locales; language.ts picks the
 * language): plain server-rendered HTML with one stylesheet and no inline script (the CSP allows scripts from
 * 'self' only). Every value is escaped.
 */

import { render, type Language, type TextParams } from '../lib/i18n.ts';
import { dateTimeFormat } from '../lib/intl.ts';
import { PASSWORD_MIN_LENGTH } from './password-policy.ts';

export { PASSWORD_MIN_LENGTH };

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

/** A page for one reader: the provider's context and the reader's language. */
export interface PageView extends PageContext {
  lng: Language;
}

/** A text of the provider (`identity.<key>`) in the reader's language. */
export function text(lng: Language, key: string, params?: TextParams): string {
  return render(lng, { key: `identity.${key}`, params });
}

/** The provider's texts in one language, for a page that says many. */
export function textsFor(lng: Language): (key: string, params?: TextParams) => string {
  return (key, params) => text(lng, key, params);
}

/** The link back to the portal's start page that the provider's message pages end with. */
export function portalLink(view: PageView): { href: string; label: string } {
  return { href: `${view.portalUrl}/`, label: text(view.lng, 'toPortal') };
}

/** „5 Sekunden“, „eine Minute“, „3 Stunden“: a wait, rounded up to a whole unit. */
export function duration(lng: Language, seconds: number): string {
  if (seconds < 60) return text(lng, 'duration.second', { count: Math.max(1, Math.ceil(seconds)) });
  if (seconds < 3600) return text(lng, 'duration.minute', { count: Math.ceil(seconds / 60) });
  return text(lng, 'duration.hour', { count: Math.ceil(seconds / 3600) });
}

const passwordHint = (lng: Language) => text(lng, 'passwordHint', { min: PASSWORD_MIN_LENGTH });

const logo = raw(
  '<svg class="brand-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">' +
    '<path d="M4 15 16 5l12 10v12a1 1 0 0 1-1 1h-7v-8h-8v8H5a1 1 0 0 1-1-1z" fill="currentColor"/></svg>',
);

export function layout(ctx: PageView, title: string, body: Html, options: { script?: string } = {}): string {
  return `<!DOCTYPE html>${
    html`<html lang="${ctx.lng}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title} · Vereinsheim</title>
        <link rel="icon" href="${ctx.portalUrl}/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="${ctx.base}/assets/portal.css" />
        ${options.script ? html`<script src="${ctx.base}/assets/${options.script}" defer></script>` : ''}
      </head>
      <body>
        <div class="page">
          <header class="brand">
            <a href="${ctx.portalUrl}">${logo}<span>Vereinsheim</span></a>
          </header>
          <main class="card">${body}</main>
          <footer class="footer">${text(ctx.lng, 'tagline')}</footer>
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
  ctx: PageView,
  o: {
    action: string;
    signupUrl: string;
    forgotUrl: string;
    email?: string;
    error?: string;
    notice?: string;
  },
): string {
  const t = textsFor(ctx.lng);
  return layout(
    ctx,
    t('login.title'),
    html`<h1>${t('login.title')}</h1>
      <p class="lead">${t('login.lead')}</p>
      ${alert('error', o.error)}${alert('info', o.notice)}
      <form method="post" action="${o.action}" novalidate>
        ${field({ name: 'email', label: t('field.email'), type: 'email', autocomplete: 'username', value: o.email, autofocus: !o.email })}
        ${field({ name: 'password', label: t('field.password'), type: 'password', autocomplete: 'current-password', autofocus: !!o.email })}
        <p class="aside"><a href="${o.forgotUrl}">${t('login.forgot')}</a></p>
        <button type="submit" class="button">${t('login.submit')}</button>
      </form>
      <p class="switch">${t('login.noAccount')} <a href="${o.signupUrl}">${t('login.signup')}</a></p>`,
  );
}

export interface SignupValues {
  firstName?: string;
  lastName?: string;
  email?: string;
}

export function signupPage(
  ctx: PageView,
  o: {
    action: string;
    loginUrl: string;
    values: SignupValues;
    errors: Record<string, string>;
    error?: string;
  },
): string {
  const t = textsFor(ctx.lng);
  return layout(
    ctx,
    t('signup.title'),
    html`<h1>${t('signup.title')}</h1>
      <p class="lead">${t('signup.lead')}</p>
      ${alert('error', o.error)}
      <form method="post" action="${o.action}" novalidate>
        ${field({ name: 'firstName', label: t('field.firstName'), autocomplete: 'given-name', value: o.values.firstName, error: o.errors.firstName, autofocus: true })}
        ${field({ name: 'lastName', label: t('field.lastName'), autocomplete: 'family-name', value: o.values.lastName, error: o.errors.lastName })}
        ${field({ name: 'email', label: t('field.email'), type: 'email', autocomplete: 'email', value: o.values.email, error: o.errors.email })}
        ${field({
          name: 'password',
          label: t('field.password'),
          type: 'password',
          autocomplete: 'new-password',
          minlength: PASSWORD_MIN_LENGTH,
          hint: passwordHint(ctx.lng),
          error: o.errors.password,
        })}
        <button type="submit" class="button">${t('signup.submit')}</button>
      </form>
      <p class="switch">${t('signup.registered')} <a href="${o.loginUrl}">${t('signup.login')}</a></p>`,
  );
}

/** The same page whether the address is new or already has an account (no account enumeration). */
export function signupSentPage(ctx: PageView, o: { email: string; loginUrl: string }): string {
  const t = textsFor(ctx.lng);
  return layout(
    ctx,
    t('signupSent.title'),
    html`<h1>${t('signupSent.heading')}</h1>
      ${alert('info', t('signupSent.sent', { email: o.email }))}
      <p class="lead">${t('signupSent.lead')}</p>
      <p class="hint">${t('signupSent.hint')}</p>
      <p class="switch"><a href="${o.loginUrl}">${t('signupSent.login')}</a></p>`,
  );
}

export function tooManyPage(ctx: PageView, o: { seconds: number; backUrl: string }): string {
  const t = textsFor(ctx.lng);
  return layout(
    ctx,
    t('tooMany.title'),
    html`<h1>${t('tooMany.title')}</h1>
      ${alert('error', t('tooMany.message', { wait: duration(ctx.lng, o.seconds) }))}
      <p class="actions"><a class="button" href="${o.backUrl}">${t('tooMany.back')}</a></p>`,
  );
}

export function forgotPage(
  ctx: PageView,
  o: { action: string; loginUrl: string; email?: string; sent?: boolean; error?: string },
): string {
  const t = textsFor(ctx.lng);
  return layout(
    ctx,
    t('forgot.title'),
    html`<h1>${t('forgot.heading')}</h1>
      ${
        o.sent
          ? html`${alert('info', t('forgot.sent'))}`
          : html`<p class="lead">${t('forgot.lead')}</p>
              ${alert('error', o.error)}
              <form method="post" action="${o.action}" novalidate>
                ${field({ name: 'email', label: t('field.email'), type: 'email', autocomplete: 'email', value: o.email, autofocus: true })}
                <button type="submit" class="button">${t('forgot.submit')}</button>
              </form>`
      }
      <p class="switch"><a href="${o.loginUrl}">${t('forgot.back')}</a></p>`,
  );
}

export function resetPage(ctx: PageView, o: { action: string; token: string; error?: string }): string {
  const t = textsFor(ctx.lng);
  return layout(
    ctx,
    t('reset.title'),
    html`<h1>${t('reset.heading')}</h1>
      ${alert('error', o.error)}
      <form method="post" action="${o.action}" novalidate>
        <input type="hidden" name="token" value="${o.token}" />
        ${field({
          name: 'password',
          label: t('field.newPassword'),
          type: 'password',
          autocomplete: 'new-password',
          minlength: PASSWORD_MIN_LENGTH,
          hint: passwordHint(ctx.lng),
          autofocus: true,
        })}
        <button type="submit" class="button">${t('reset.submit')}</button>
      </form>`,
  );
}

export function messagePage(
  ctx: PageView,
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
export function logoutPage(ctx: PageView, formHtml: string): string {
  const t = textsFor(ctx.lng);
  const form = formHtml.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return layout(
    ctx,
    t('logout.title'),
    html`<h1>${t('logout.heading')}</h1>
      <p class="lead">${t('logout.lead')}</p>
      ${raw(form)}
      <p class="actions">
        <button type="submit" form="op.logoutForm" class="button">${t('logout.submit')}</button>
      </p>`,
    { script: 'logout.js' },
  );
}

/**
 * RP-initiated logout without a valid ID token of this session (e.g. a link on another website): the
 * person decides. No script: nothing is submitted unless they press the button.
 */
export function logoutQuestionPage(ctx: PageView, formHtml: string): string {
  const t = textsFor(ctx.lng);
  const form = formHtml.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return layout(
    ctx,
    t('logout.questionTitle'),
    html`<h1>${t('logout.questionHeading')}</h1>
      <p class="lead">${t('logout.questionLead')}</p>
      ${raw(form)}
      <p class="actions">
        <button type="submit" form="op.logoutForm" class="button">${t('logout.submit')}</button>
        <a class="button button-secondary" href="${ctx.portalUrl}/">${t('logout.stay')}</a>
      </p>`,
  );
}

/** „27.11.2026, 18:30:05“ (German), „27/11/2026, 18:30:05“ (English). */
const mailboxTime = (lng: Language) =>
  dateTimeFormat(lng === 'de' ? 'de-DE' : 'en-GB', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });

export function mailboxPage(
  ctx: PageView,
  mails: { to: string; subject: string; text: string; createdAt: Date }[],
): string {
  const t = textsFor(ctx.lng);
  const linkify = (body: string) =>
    raw(esc(body).replace(/https?:\/\/[^\s<>"]+/g, (url) => `<a href="${url}">${url}</a>`));
  return layout(
    ctx,
    t('mailbox.title'),
    html`<h1>${t('mailbox.title')}</h1>
      <p class="lead">${t('mailbox.lead')}</p>
      ${
        mails.length === 0
          ? html`<p class="alert alert-info" role="status">${t('mailbox.empty')}</p>`
          : mails.map(
              (m) =>
                html`<article class="mail">
                  <h2>${m.subject}</h2>
                  <p class="meta">
                    ${t('mailbox.meta', { to: m.to, time: mailboxTime(ctx.lng).format(m.createdAt) })}
                  </p>
                  <pre>${linkify(m.text)}</pre>
                </article>`,
            )
      }`,
  );
}
