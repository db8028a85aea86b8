import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  passwordChecksCompleted,
  passwordMessage,
  type PasswordCheck,
} from './password-policy.ts';

/** The message of a refused check in a language (a passed check fails the test). */
function messageOf(check: PasswordCheck, lng: 'de' | 'en'): string {
  if (check.ok) throw new Error('the password passed');
  return passwordMessage(lng, check);
}

describe('password check', () => {
  it('refuses by length without asking the estimate', async () => {
    const before = passwordChecksCompleted();
    const short = await checkPassword('kurz');
    expect(messageOf(short, 'de')).toBe('Das Passwort muss mindestens 10 Zeichen lang sein.');
    expect(messageOf(short, 'en')).toBe('The password must be at least 10 characters long.');
    const long = await checkPassword('x'.repeat(201));
    expect(messageOf(long, 'de')).toBe('Das Passwort darf höchstens 200 Zeichen lang sein.');
    expect(messageOf(long, 'en')).toBe('The password may be at most 200 characters long.');
    expect(passwordChecksCompleted()).toBe(before);
  });

  it('estimates in its worker thread: common passwords and the own name are refused with the reason, a phrase passes', async () => {
    const before = passwordChecksCompleted();
    const common = await checkPassword('passwort123');
    expect(messageOf(common, 'de')).toBe(
      'Dieses Passwort ist zu leicht zu erraten. Dieses Passwort ähnelt häufig verwendeten Passwörtern. ' +
        'Nimm zum Beispiel mehrere Wörter, die nicht zusammengehören, oder einen kurzen Satz.',
    );
    expect(messageOf(common, 'en')).toBe(
      'This password is too easy to guess. This password is similar to often used passwords. ' +
        "Take, for example, several words that don't belong together, or a short sentence.",
    );
    const ownName = await checkPassword('Jonas1990!', ['Jonas', 'Becker', 'jonas@test.example']);
    expect(messageOf(ownName, 'de')).toContain(
      'Dein Name oder deine E-Mail-Adresse gehören nicht ins Passwort.',
    );
    expect(messageOf(ownName, 'en')).toContain("Your name or email address doesn't belong in the password.");
    expect(await checkPassword('Pferd Batterie Heftklammer korrekt')).toEqual({ ok: true });
    expect(passwordChecksCompleted()).toBe(before + 3);
  });

  it('keeps the event loop turning while a long password is estimated', async () => {
    // 200 characters of a keyboard-like sequence: hundreds of milliseconds of estimate, more on a slow machine.
    const password = Array.from({ length: 200 }, (_, i) => String.fromCharCode(33 + (i % 90))).join('');
    let turns = 0;
    let done = false;
    const spin = () => {
      if (done) return;
      turns++;
      setImmediate(spin);
    };
    const check = checkPassword(password);
    setImmediate(spin);
    const result = await check;
    done = true;
    expect(typeof result.ok).toBe('boolean');
    // On the event loop, the estimate would run in one piece and the loop would turn a handful of times at most.
    expect(turns).toBeGreaterThan(50);
  });
});
