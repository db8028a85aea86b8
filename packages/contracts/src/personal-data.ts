import { z } from 'zod';
import { deferred } from './deferred.ts';
import { fieldError } from './field-errors.ts';
import { pagedListSchema, pagedQuerySchema } from './paging.ts';

/**
 * A person's own data items (spec §3, §7): addresses, mails, phones, bank accounts, confection,
 * medical and additional information, each shared per club in the default, intern and extern view.
 */

export const PERSONAL_ITEM_KINDS = [
  'address',
  'mail',
  'phone',
  'bankaccount',
  'confectioninformation',
  'medicalinformation',
  'additionalinformation',
] as const;
export const PersonalItemKindSchema = deferred(() => z.enum(PERSONAL_ITEM_KINDS));
export type PersonalItemKind = z.infer<typeof PersonalItemKindSchema>;

/** The kinds with the per-scope share endpoints (/share/intern, /share/extern and their /remove). */
export const SCOPED_SHARE_KINDS = ['address', 'mail', 'phone'] as const satisfies readonly PersonalItemKind[];

const blankToUndefined = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

/**
 * Trims a string; an empty one counts as absent (spec §5). `null` is absent too: every read answers a missing
 * optional text as `null`, and what a GET returns must be accepted by the PUT of the same resource.
 */
export const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().max(max, fieldError('tooLong', max)).nullish());
export const requiredText = (max: number, message = fieldError('required')) =>
  z.preprocess(
    blankToUndefined,
    z.string({ error: message }).min(1, message).max(max, fieldError('tooLong', max)),
  );

/** Case-insensitive enum on input; an empty or missing choice takes the default, else is `required`. */
const lowerEnum = <T extends readonly [string, ...string[]]>(values: T, fallback?: T[number]) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v) ?? fallback,
    z.enum(values, {
      error: (issue) => (issue.input === undefined ? fieldError('required') : fieldError('invalidOption')),
    }),
  );

/** Renames alternative spellings of a field onto the canonical name (first one present wins). */
export function aliasKeys(aliases: Record<string, readonly string[]>) {
  return (value: unknown) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const input = value as Record<string, unknown>;
    const out: Record<string, unknown> = { ...input };
    for (const [canonical, names] of Object.entries(aliases)) {
      for (const name of names) {
        if (name in out && name !== canonical) {
          if (out[canonical] === undefined || out[canonical] === null || out[canonical] === '')
            out[canonical] = out[name];
          delete out[name];
        }
      }
    }
    return out;
  };
}

export const ScopedSharingTenantSchema = deferred(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    headerImageUrl: z.string().nullable(),
    avatarImageUrl: z.string().nullable(),
    isLocked: z.boolean(),
    lockedReason: z.string().nullable(),
    isIntern: z.boolean().describe('shared for the internal view (contact persons)'),
    isExtern: z.boolean().describe('shared for the external view (members)'),
    isDefault: z.boolean().describe('the club holds the datum (set with PUT …/{id}/share)'),
  }),
);
export type ScopedSharingTenant = z.infer<typeof ScopedSharingTenantSchema>;

export const CreatorSchema = deferred(() =>
  z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
);

const itemBase = {
  id: z.string(),
  creator: CreatorSchema.nullable(),
  createdAt: z.string().describe('ISO timestamp'),
  updatedAt: z.string().describe('ISO timestamp'),
  scopedSharingTenants: z
    .array(ScopedSharingTenantSchema)
    .describe("every club of the person, plus any other club still holding the item, with that club's views"),
};

// ---------------------------------------------------------------- address
export const AddressInputSchema = deferred(() =>
  z.preprocess(
    aliasKeys({
      streetNumber: ['housenumber', 'houseNumber', 'streetnumber', 'StreetNumber'],
      zip: ['zipCode', 'zipcode', 'postalCode', 'plz', 'ZIP', 'Zip'],
      countryCode: ['countrycode', 'CountryCode'],
      street: ['Street'],
      city: ['City'],
    }),
    z.object({
      street: requiredText(200),
      streetNumber: optionalText(20),
      addition: optionalText(200),
      zip: requiredText(12).pipe(z.string().regex(/^[A-Za-z0-9 -]{3,12}$/, fieldError('postalCode'))),
      city: requiredText(120),
      country: optionalText(120),
      countryCode: z.preprocess(
        (v) =>
          typeof blankToUndefined(v) === 'string' ? (blankToUndefined(v) as string).toUpperCase() : 'DE',
        z.string().regex(/^[A-Z]{2}$/, fieldError('countryCode')),
      ),
      description: optionalText(200),
    }),
  ),
);
export type AddressInput = z.infer<typeof AddressInputSchema>;
export const AddressSchema = deferred(() =>
  z.object({
    ...itemBase,
    street: z.string(),
    streetNumber: z.string().nullable(),
    addition: z.string().nullable(),
    zip: z.string(),
    city: z.string(),
    country: z.string().nullable(),
    countryCode: z.string(),
    description: z.string().nullable(),
  }),
);
export type Address = z.infer<typeof AddressSchema>;

// ---------------------------------------------------------------- mail
export const MailInputSchema = deferred(() =>
  z.preprocess(
    aliasKeys({ email: ['mail', 'mailAddress', 'emailAddress', 'Email', 'Mail'] }),
    z.object({
      email: requiredText(254).pipe(z.email(fieldError('email'))),
      description: optionalText(200),
      isDefault: z.boolean().optional(),
    }),
  ),
);
export type MailInput = z.infer<typeof MailInputSchema>;
export const MailSchema = deferred(() =>
  z.object({
    ...itemBase,
    email: z.string(),
    description: z.string().nullable(),
    isDefault: z.boolean(),
  }),
);
export type Mail = z.infer<typeof MailSchema>;

// ---------------------------------------------------------------- phone
export const PHONE_TYPES = ['mobile', 'landline', 'work', 'fax', 'other'] as const;
export const PhoneInputSchema = deferred(() =>
  z.preprocess(
    aliasKeys({ number: ['phoneNumber', 'phone', 'Number', 'PhoneNumber'] }),
    z.object({
      number: requiredText(40),
      type: lowerEnum(PHONE_TYPES, 'mobile'),
      description: optionalText(200),
      isDefault: z.boolean().optional(),
    }),
  ),
);
export type PhoneInput = z.infer<typeof PhoneInputSchema>;
export const PhoneSchema = deferred(() =>
  z.object({
    ...itemBase,
    number: z.string().describe('E.164'),
    displayNumber: z.string().describe('international format for display'),
    type: z.enum(PHONE_TYPES),
    description: z.string().nullable(),
    isDefault: z.boolean(),
  }),
);
export type Phone = z.infer<typeof PhoneSchema>;

// ---------------------------------------------------------------- bank account
/** The reader accepts several spellings of the bank-account fields (spec §3). */
export const BANK_ACCOUNT_ALIASES = {
  iban: ['IBAN', 'Iban'],
  bic: ['BIC', 'Bic', 'swift', 'SWIFT'],
  bankcode: ['bankCode', 'BankCode', 'blz', 'BLZ'],
  accountOwner: ['accountHolder', 'AccountHolder', 'AccountOwner', 'owner', 'Owner', 'holder'],
  bank: ['bankName', 'BankName', 'Bank'],
  name: ['Name'],
  description: ['Description'],
  city: ['City'],
  zip: ['Zip', 'ZIP', 'zipCode'],
  isDefault: ['IsDefault'],
} as const;

export const BankAccountInputSchema = deferred(() =>
  z.preprocess(
    aliasKeys(BANK_ACCOUNT_ALIASES),
    z.object({
      iban: requiredText(42),
      bic: optionalText(11),
      bankcode: optionalText(20),
      name: optionalText(120),
      description: optionalText(200),
      accountOwner: optionalText(120),
      bank: optionalText(120),
      city: optionalText(120),
      zip: optionalText(12),
      isDefault: z.boolean().optional(),
    }),
  ),
);
export type BankAccountInput = z.infer<typeof BankAccountInputSchema>;
export const BankAccountSchema = deferred(() =>
  z.object({
    ...itemBase,
    iban: z.string().describe('electronic format'),
    bic: z.string().nullable(),
    bankcode: z.string().nullable(),
    name: z.string().nullable(),
    description: z.string().nullable(),
    accountOwner: z.string().nullable(),
    bank: z.string().nullable(),
    city: z.string().nullable(),
    zip: z.string().nullable(),
    isDefault: z.boolean(),
    isLocked: z.boolean().describe('a club holds it under a lock'),
  }),
);
export type BankAccount = z.infer<typeof BankAccountSchema>;

/** The four IBAN validation messages of spec §5. */
export const IBAN_MESSAGES = {
  valid: 'IBAN validation successful.',
  invalid: 'The provided IBAN did not pass validation.',
  unverifiable: 'IBAN could not be validated. Please double-check your data.',
  failed: 'IBAN validation failed. Please try again later.',
} as const;
export const IbanCheckInputSchema = deferred(() => z.object({ iban: z.string().max(64) }));
export const IbanCheckResultSchema = deferred(() =>
  z.object({
    status: z.enum(['valid', 'invalid', 'unverifiable']),
    valid: z.boolean(),
    message: z.string(),
    iban: z.string().nullable().describe('electronic format when valid'),
    bic: z.string().nullable(),
    bankcode: z.string().nullable(),
    /** The bank's name for a German IBAN (bank code list), else null. */
    bankName: z.string().nullable().default(null),
  }),
);
export type IbanCheckResult = z.infer<typeof IbanCheckResultSchema>;

// ---------------------------------------------------------------- confection
export const CLOTHING_PART_TYPES = ['head', 'chest', 'pants', 'shoe', 'hand', 'other'] as const;
export const ConfectionInputSchema = deferred(() =>
  z.object({
    confectionSize: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim().replace(',', '.')) : v),
      z
        .number({ error: fieldError('number') })
        .positive(fieldError('positive'))
        .max(1000, fieldError('tooLarge', 1000)),
    ),
    clothingPartType: lowerEnum(CLOTHING_PART_TYPES),
    name: optionalText(120),
  }),
);
export type ConfectionInput = z.infer<typeof ConfectionInputSchema>;
export const ConfectionSchema = deferred(() =>
  z.object({
    ...itemBase,
    confectionSize: z.number(),
    clothingPartType: z.enum(CLOTHING_PART_TYPES),
    name: z.string().nullable(),
  }),
);
export type Confection = z.infer<typeof ConfectionSchema>;

// ---------------------------------------------------------------- medical
export const MEDICAL_TYPES = ['allergy', 'physicallimitation', 'intolerance', 'medication', 'other'] as const;
export const MedicalInputSchema = deferred(() =>
  z.object({
    type: lowerEnum(MEDICAL_TYPES),
    name: requiredText(120),
    description: optionalText(2000),
  }),
);
export type MedicalInput = z.infer<typeof MedicalInputSchema>;
export const MedicalSchema = deferred(() =>
  z.object({
    ...itemBase,
    type: z.enum(MEDICAL_TYPES),
    name: z.string(),
    description: z.string().nullable(),
  }),
);
export type Medical = z.infer<typeof MedicalSchema>;

// ---------------------------------------------------------------- additional information
export const AdditionalInputSchema = deferred(() =>
  z.object({
    name: requiredText(120),
    description: requiredText(2000),
  }),
);
export type AdditionalInput = z.infer<typeof AdditionalInputSchema>;
export const AdditionalSchema = deferred(() =>
  z.object({ ...itemBase, name: z.string(), description: z.string() }),
);
export type Additional = z.infer<typeof AdditionalSchema>;

// ---------------------------------------------------------------- lists, params, sharing bodies
/** GET list query: paging (ordered by CreatedAt) and an optional club (items that club holds). */
export const PersonalListQuerySchema = deferred(() =>
  pagedQuerySchema(['CreatedAt']).extend({
    tenantId: z.uuid().optional(),
  }),
);
export type PersonalListQuery = z.infer<typeof PersonalListQuerySchema>;

export const AddressListSchema = deferred(() => pagedListSchema(AddressSchema));
export const MailListSchema = deferred(() => pagedListSchema(MailSchema));
/** GET me/phone answers a plain list (spec §7). */
export const PhoneListSchema = deferred(() => z.array(PhoneSchema));
export const BankAccountListSchema = deferred(() => pagedListSchema(BankAccountSchema));
export const ConfectionListSchema = deferred(() => pagedListSchema(ConfectionSchema));
export const MedicalListSchema = deferred(() => pagedListSchema(MedicalSchema));
export const AdditionalListSchema = deferred(() => pagedListSchema(AdditionalSchema));

export const ItemIdParamsSchema = deferred(() => z.object({ id: z.uuid({ error: fieldError('id') }) }));

/** PUT …/{id}/share: the exact set of clubs that hold the item (default view). */
export const ShareTenantsInputSchema = deferred(() =>
  z.object({
    tenantIds: z.array(z.uuid({ error: fieldError('id') })).max(50),
  }),
);

/** POST …/{id}/share/{intern|extern}[/remove]. userId is accepted for compatibility and ignored. */
export const ScopedShareInputSchema = deferred(() =>
  z.object({
    tenantId: z.uuid({ error: fieldError('id') }),
    userId: z.string().max(64).optional(),
    entityId: z.string().max(64).optional(),
  }),
);
