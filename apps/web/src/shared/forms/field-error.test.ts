import { FIELD_ERROR_CODES } from '@vereinsheim/contracts/field-errors';
import {
  AddressInputSchema,
  MedicalInputSchema,
  PhoneInputSchema,
} from '@vereinsheim/contracts/personal-data';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import de from '../../locales/de/common.json';
import en from '../../locales/en/common.json';
import { fieldErrorText, SERVER_ERROR } from './field-error.tsx';

/** The texts react-hook-form's Zod resolver would show for each field of an input. */
function textsOf(schema: { safeParse: (v: unknown) => { error?: { issues: object[] } } }, input: unknown) {
  const issues = (schema.safeParse(input).error?.issues ?? []) as {
    path: string[];
    code: string;
    message: string;
  }[];
  return Object.fromEntries(
    issues.map((i) => [i.path.join('.'), fieldErrorText(i18next.t, { type: i.code, message: i.message })]),
  );
}

afterEach(async () => {
  await i18next.changeLanguage('de');
});

describe('field errors from the one catalogue', () => {
  it('has a German and an English text for every code', () => {
    for (const code of FIELD_ERROR_CODES) {
      expect(de.fieldError[code], code).toBeTruthy();
      expect(en.fieldError[code], code).toBeTruthy();
    }
  });

  it('names what is wrong with an address in German, with the limit where there is one', () => {
    expect(textsOf(AddressInputSchema, { street: 'x'.repeat(201), zip: '1', city: ' ' })).toEqual({
      street: 'Höchstens 200 Zeichen.',
      zip: 'Bitte gib eine gültige Postleitzahl ein.',
      city: 'Bitte ausfüllen.',
    });
  });

  it('names a missing choice as required, a wrong one as not offered, and an empty phone type as mobile', async () => {
    expect(textsOf(MedicalInputSchema, { type: '', name: 'Heuschnupfen' })).toEqual({
      type: 'Bitte ausfüllen.',
    });
    await i18next.changeLanguage('en');
    expect(textsOf(MedicalInputSchema, { type: 'pager', name: 'x' })).toEqual({
      type: 'Please choose one of the offered values.',
    });
    expect(PhoneInputSchema.parse({ number: '0171 1234567', type: '' }).type).toBe('mobile');
  });

  it('shows a message the server named as it came (already in the UI language)', () => {
    expect(
      fieldErrorText(i18next.t, { type: SERVER_ERROR, message: 'Die angegebene IBAN ist ungültig.' }),
    ).toBe('Die angegebene IBAN ist ungültig.');
    expect(fieldErrorText(i18next.t, undefined)).toBeNull();
  });
});
