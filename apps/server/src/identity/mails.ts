import type { Language } from '../lib/i18n.ts';
import type { Mail } from '../lib/mailer.ts';
import { text } from './pages.ts';

const mail = (lng: Language, to: string, name: string, params: Record<string, string>): Mail => ({
  to,
  subject: text(lng, `mail.${name}.subject`),
  text: text(lng, `mail.${name}.text`, params),
});

/** The provider's mails, in the language of the page that asked for them (texts under `identity.mail`). */
export const mails = {
  verifyEmail(lng: Language, to: string, o: { firstName: string; link: string }): Mail {
    return mail(lng, to, 'verify', o);
  },

  accountExists(lng: Language, to: string, o: { portalUrl: string }): Mail {
    return mail(lng, to, 'exists', o);
  },

  resetPassword(lng: Language, to: string, o: { link: string }): Mail {
    return mail(lng, to, 'reset', o);
  },
};
