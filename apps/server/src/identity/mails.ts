import type { Mail } from '../lib/mailer.ts';

/** The provider's mails (German, du). */
export const mails = {
  verifyEmail(to: string, o: { firstName: string; link: string }): Mail {
    return {
      to,
      subject: 'Vereinsheim: Bitte bestätige deine E-Mail-Adresse',
      text:
        `Hallo ${o.firstName},\n\n` +
        'du hast ein Konto im Vereinsheim angelegt. Bitte bestätige deine E-Mail-Adresse mit diesem Link ' +
        '(24 Stunden gültig), danach kannst du dich anmelden:\n\n' +
        `${o.link}\n\n` +
        'Wenn du kein Konto angelegt hast, ignoriere diese E-Mail einfach – ohne Bestätigung ' +
        'bleibt das Konto gesperrt.\n\n' +
        'Dein Vereinsheim-Team\n',
    };
  },

  accountExists(to: string, o: { portalUrl: string }): Mail {
    return {
      to,
      subject: 'Vereinsheim: Du hast schon ein Konto',
      text:
        'Hallo,\n\n' +
        'gerade wollte jemand – vielleicht du – mit dieser E-Mail-Adresse ein neues Vereinsheim-Konto anlegen. ' +
        'Für diese Adresse gibt es schon ein Konto, deshalb wurde kein weiteres angelegt.\n\n' +
        `Melde dich einfach im Portal an: ${o.portalUrl}/\n` +
        'Wenn du dein Passwort nicht mehr weißt, wähle auf der Anmeldeseite „Passwort vergessen?“. ' +
        'Damit bestätigst du auch deine E-Mail-Adresse, falls das noch aussteht.\n\n' +
        'Wenn du das nicht warst, ignoriere diese E-Mail einfach. An deinem Konto ändert sich nichts.\n\n' +
        'Dein Vereinsheim-Team\n',
    };
  },

  resetPassword(to: string, o: { link: string }): Mail {
    return {
      to,
      subject: 'Vereinsheim: Passwort zurücksetzen',
      text:
        'Hallo,\n\n' +
        'für dein Vereinsheim-Konto wurde ein neues Passwort angefordert. ' +
        'Mit diesem Link legst du es fest (eine Stunde gültig, nur einmal verwendbar; ' +
        'ein neuer Link ersetzt ältere):\n\n' +
        `${o.link}\n\n` +
        'Wenn du das nicht warst, ignoriere diese E-Mail einfach. Dein bisheriges Passwort bleibt dann gültig.\n\n' +
        'Dein Vereinsheim-Team\n',
    };
  },
};
