import { describe, expect, it } from 'vitest';
import { checkPassword, PASSWORD_TEXT, passwordChecksCompleted } from './password-policy.ts';

describe('password check', () => {
  it('refuses by length without asking the estimate', async () => {
    const before = passwordChecksCompleted();
    expect(await checkPassword('kurz')).toEqual({ ok: false, message: PASSWORD_TEXT.tooShort });
    expect(await checkPassword('x'.repeat(201))).toEqual({ ok: false, message: PASSWORD_TEXT.tooLong });
    expect(passwordChecksCompleted()).toBe(before);
  });

  it('estimates in its worker thread: common passwords and the own name are refused with the reason, a phrase passes', async () => {
    const before = passwordChecksCompleted();
    expect(await checkPassword('passwort123')).toEqual({
      ok: false,
      message: expect.stringContaining('häufig verwendeten Passwörtern') as string,
    });
    expect(await checkPassword('Jonas1990!', ['Jonas', 'Becker', 'jonas@test.example'])).toEqual({
      ok: false,
      message: expect.stringContaining('Dein Name oder deine E-Mail-Adresse') as string,
    });
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
