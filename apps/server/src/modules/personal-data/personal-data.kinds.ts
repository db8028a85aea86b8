import { electronicFormatIBAN, isValidBIC, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import ibanToBicPackage from 'iban-to-bic';
import { bankOfGermanIban } from '../../lib/bank-codes.ts';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { z } from 'zod';
import {
  AdditionalInputSchema,
  AdditionalListSchema,
  AdditionalSchema,
  AddressInputSchema,
  AddressListSchema,
  AddressSchema,
  BankAccountInputSchema,
  BankAccountListSchema,
  BankAccountSchema,
  ConfectionInputSchema,
  ConfectionListSchema,
  ConfectionSchema,
  IBAN_MESSAGES,
  MailInputSchema,
  MailListSchema,
  MailSchema,
  MedicalInputSchema,
  MedicalListSchema,
  MedicalSchema,
  PhoneInputSchema,
  PhoneListSchema,
  PhoneSchema,
  type IbanCheckResult,
  type PersonalItemKind,
} from '@vereinsheim/contracts';
import {
  additionalInformations,
  addresses,
  bankAccounts,
  confectionInformations,
  mailAddresses,
  medicalInformations,
  phoneNumbers,
} from '../../db/schema/index.ts';
import type { TextParam } from '../../lib/i18n.ts';
import { problem } from '../../lib/problem.ts';
import { maskIban } from '../activity-log/index.ts';

type Row = Record<string, unknown> & { id: string };

/** Everything that differs between the item kinds; the service and routes are written once. */
export interface KindDef {
  kind: PersonalItemKind;
  /** Path segment under /api/me/. */
  path: string;
  tag: string;
  table: typeof addresses;
  input: z.ZodType;
  item: z.ZodType;
  list: z.ZodType;
  /** me/phone answers a plain list, the others a paged list (spec §7). */
  listShape: 'paged' | 'array';
  /** Whether the kind has an isDefault flag (one default per person). */
  hasDefault: boolean;
  scopedShare: boolean;
  /** Validates and normalises parsed input into column values; throws 400 naming the field. */
  normalize(input: Record<string, unknown>): Record<string, unknown>;
  /** The columns the log compares (their labels: `log.field.<kind>.<column>` or `log.field.<column>`). */
  fields: string[];
  /** Short description for log lines: a plain value or a text with labels (bank data masked). */
  describe(row: Row): TextParam;
  /** Value as written into the log (masking). */
  logValue?(field: string, value: unknown): string | null;
  /** Extra response fields computed from the row. */
  present?(row: Row): Record<string, unknown>;
}

/** Any stored value as text (for log lines). */
export function text(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  return v === null || v === undefined ? '' : JSON.stringify(v);
}
const str = (v: unknown) => (v === null || v === undefined || v === '' ? null : text(v));
const join = (...parts: unknown[]) =>
  parts
    .map(str)
    .filter((p): p is string => !!p)
    .join(' ');

// ------------------------------------------------------------------ IBAN

const UNVERIFIABLE = new Set<ValidationErrorsIBAN>([
  ValidationErrorsIBAN.NoIBANProvided,
  ValidationErrorsIBAN.NoIBANCountry,
  ValidationErrorsIBAN.WrongBBANLength,
  ValidationErrorsIBAN.WrongBBANFormat,
  ValidationErrorsIBAN.ChecksumNotNumber,
]);

/** Checks an IBAN and answers one of the spec's messages; BIC and bank code for supported countries. */
export function checkIban(raw: string): IbanCheckResult {
  const iban = electronicFormatIBAN(raw) ?? '';
  const result = validateIBAN(iban);
  if (result.valid) {
    const bank = bankOfGermanIban(iban);
    const bic = ibanToBicPackage.ibanToBic(iban) ?? bank?.bic ?? null;
    return {
      status: 'valid',
      valid: true,
      message: IBAN_MESSAGES.valid,
      iban,
      bic,
      bankcode: iban.startsWith('DE') ? iban.slice(4, 12) : null,
      bankName: bank?.bankName ?? null,
    };
  }
  const unverifiable = result.errorCodes.length > 0 && result.errorCodes.every((c) => UNVERIFIABLE.has(c));
  return {
    status: unverifiable ? 'unverifiable' : 'invalid',
    valid: false,
    message: unverifiable ? IBAN_MESSAGES.unverifiable : IBAN_MESSAGES.invalid,
    iban: null,
    bic: null,
    bankcode: null,
    bankName: null,
  };
}

function normalizeBank(input: Record<string, unknown>): Record<string, unknown> {
  const check = checkIban(text(input.iban ?? ''));
  if (!check.valid || !check.iban) {
    throw problem(400, `iban.${check.status}`, { errors: [{ field: 'iban', message: check.message }] });
  }
  let bic = typeof input.bic === 'string' ? input.bic.replace(/\s+/g, '').toUpperCase() : undefined;
  if (bic && !isValidBIC(bic)) {
    throw problem(400, 'bic.invalid', {
      errors: [{ field: 'bic', message: 'expected a BIC such as COBADEFFXXX' }],
    });
  }
  bic ??= check.bic ?? undefined;
  return {
    iban: check.iban,
    bic: bic ?? null,
    bankcode: input.bankcode ?? check.bankcode ?? null,
    name: input.name ?? null,
    description: input.description ?? null,
    accountOwner: input.accountOwner ?? null,
    bank: input.bank ?? check.bankName ?? null,
    city: input.city ?? null,
    zip: input.zip ?? null,
    ...(input.isDefault !== undefined ? { isDefault: input.isDefault } : {}),
  };
}

// ------------------------------------------------------------------ phone

function normalizePhone(input: Record<string, unknown>): Record<string, unknown> {
  const parsed = parsePhoneNumberFromString(text(input.number ?? ''), 'DE');
  if (!parsed?.isValid()) {
    throw problem(400, 'phone.invalid', {
      errors: [{ field: 'number', code: 'phoneNumber', message: 'expected a valid phone number' }],
    });
  }
  return {
    number: parsed.format('E.164'),
    type: input.type,
    description: input.description ?? null,
    ...(input.isDefault !== undefined ? { isDefault: input.isDefault } : {}),
  };
}

export function displayPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

// ------------------------------------------------------------------ the kinds

const nullable = (input: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, input[k] ?? null]));

export const KINDS: KindDef[] = [
  {
    kind: 'address',
    path: 'address',
    tag: 'personal data: address',
    table: addresses,
    input: AddressInputSchema,
    item: AddressSchema,
    list: AddressListSchema,
    listShape: 'paged',
    hasDefault: false,
    scopedShare: true,
    normalize: (i) => ({
      street: i.street,
      zip: i.zip,
      city: i.city,
      countryCode: i.countryCode,
      ...nullable(i, ['streetNumber', 'addition', 'country', 'description']),
    }),
    fields: ['street', 'streetNumber', 'addition', 'zip', 'city', 'country', 'countryCode', 'description'],
    describe: (r) => `${join(r.street, r.streetNumber)}, ${join(r.zip, r.city)}`,
  },
  {
    kind: 'mail',
    path: 'mail',
    tag: 'personal data: mail',
    table: mailAddresses as unknown as typeof addresses,
    input: MailInputSchema,
    item: MailSchema,
    list: MailListSchema,
    listShape: 'paged',
    hasDefault: true,
    scopedShare: true,
    normalize: (i) => ({
      email: text(i.email).toLowerCase(),
      description: i.description ?? null,
      ...(i.isDefault !== undefined ? { isDefault: i.isDefault } : {}),
    }),
    fields: ['email', 'description', 'isDefault'],
    describe: (r) => text(r.email),
  },
  {
    kind: 'phone',
    path: 'phone',
    tag: 'personal data: phone',
    table: phoneNumbers as unknown as typeof addresses,
    input: PhoneInputSchema,
    item: PhoneSchema,
    list: PhoneListSchema,
    listShape: 'array',
    hasDefault: true,
    scopedShare: true,
    normalize: normalizePhone,
    fields: ['number', 'type', 'description', 'isDefault'],
    describe: (r) => displayPhone(text(r.number)),
    present: (r) => ({ displayNumber: displayPhone(text(r.number)) }),
  },
  {
    kind: 'bankaccount',
    path: 'bankaccount',
    tag: 'personal data: bank account',
    table: bankAccounts as unknown as typeof addresses,
    input: BankAccountInputSchema,
    item: BankAccountSchema,
    list: BankAccountListSchema,
    listShape: 'paged',
    hasDefault: true,
    scopedShare: false,
    normalize: normalizeBank,
    fields: [
      'iban',
      'bic',
      'bankcode',
      'name',
      'description',
      'accountOwner',
      'bank',
      'city',
      'zip',
      'isDefault',
    ],
    describe: (r) => `IBAN ${maskIban(str(r.iban))}`,
    logValue: (field, value) => (field === 'iban' ? maskIban(str(value)) : str(value)),
  },
  {
    kind: 'confectioninformation',
    path: 'confectioninformation',
    tag: 'personal data: confection information',
    table: confectionInformations as unknown as typeof addresses,
    input: ConfectionInputSchema,
    item: ConfectionSchema,
    list: ConfectionListSchema,
    listShape: 'paged',
    hasDefault: false,
    scopedShare: false,
    normalize: (i) => ({
      confectionSize: i.confectionSize,
      clothingPartType: i.clothingPartType,
      name: i.name ?? null,
    }),
    fields: ['confectionSize', 'clothingPartType', 'name'],
    describe: (r) => ({
      key: r.name ? 'log.describe.confectionNamed' : 'log.describe.confection',
      params: {
        part: { key: `log.value.clothingPartType.${text(r.clothingPartType)}` },
        size: text(r.confectionSize),
        name: str(r.name),
      },
    }),
  },
  {
    kind: 'medicalinformation',
    path: 'medicalinformation',
    tag: 'personal data: medical information',
    table: medicalInformations as unknown as typeof addresses,
    input: MedicalInputSchema,
    item: MedicalSchema,
    list: MedicalListSchema,
    listShape: 'paged',
    hasDefault: false,
    scopedShare: false,
    normalize: (i) => ({ type: i.type, name: i.name, description: i.description ?? null }),
    fields: ['type', 'name', 'description'],
    describe: (r) => ({
      key: 'log.describe.medical',
      params: { type: { key: `log.value.medicalinformation.type.${text(r.type)}` }, name: text(r.name) },
    }),
  },
  {
    kind: 'additionalinformation',
    path: 'additionalinformation',
    tag: 'personal data: additional information',
    table: additionalInformations as unknown as typeof addresses,
    input: AdditionalInputSchema,
    item: AdditionalSchema,
    list: AdditionalListSchema,
    listShape: 'paged',
    hasDefault: false,
    scopedShare: false,
    normalize: (i) => ({ name: i.name, description: i.description }),
    fields: ['name', 'description'],
    describe: (r) => text(r.name),
  },
];

export const kindByName = (kind: PersonalItemKind): KindDef => KINDS.find((k) => k.kind === kind)!;
