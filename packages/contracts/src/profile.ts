import { z } from 'zod';
import { deferred } from './deferred.ts';
import { fieldError } from './field-errors.ts';
import { coerceGender } from './enums.ts';
import { BasePersonSchema } from './person.ts';
import {
  AdditionalSchema,
  AddressSchema,
  BankAccountSchema,
  ConfectionSchema,
  MailSchema,
  MedicalSchema,
  PhoneSchema,
  optionalText,
  requiredText,
} from './personal-data.ts';
import { ApprovalSchema } from './privacy.ts';
import { TenantSummarySchema } from './tenant.ts';

/** Accepts YYYY-MM-DD or an ISO timestamp (its date part); must be a real past date. */
const birthdateInput = deferred(() =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().slice(0, 10) : v),
    z
      .string({ error: fieldError('required') })
      .regex(/^\d{4}-\d{2}-\d{2}$/, fieldError('date'))
      .refine((s) => {
        const d = new Date(`${s}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
      }, fieldError('realDate'))
      .refine((s) => s >= '1900-01-01' && s <= new Date().toISOString().slice(0, 10), fieldError('pastDate')),
  ),
);

/**
 * PUT /api/me: only id, title, gender, firstName, lastName, birthdate, birthplace and age are taken
 * (spec §3); name, birthdate and birthplace identify a person and are required (spec §1). age is ignored.
 */
export const MeUpdateInputSchema = deferred(() =>
  z.object({
    id: z.string().max(64).optional(),
    title: optionalText(40),
    gender: z
      .unknown()
      .optional()
      .transform(coerceGender)
      .describe('male, female, divers; anything else → noinformation'),
    firstName: requiredText(100),
    lastName: requiredText(100),
    birthdate: birthdateInput,
    birthplace: requiredText(120),
    age: z.unknown().optional(),
  }),
);
export type MeUpdateInput = z.infer<typeof MeUpdateInputSchema>;

/** GET /api/me: the person profile of spec §3 with all lists. */
export const ProfileSchema = deferred(() =>
  BasePersonSchema.extend({
    tenants: z.array(TenantSummarySchema),
    addresses: z.array(AddressSchema),
    mails: z.array(MailSchema),
    phoneNumbers: z.array(PhoneSchema),
    bankAccounts: z.array(BankAccountSchema),
    confectionInformations: z.array(ConfectionSchema),
    medicalInformations: z.array(MedicalSchema),
    additionalInformations: z.array(AdditionalSchema),
    approvals: z.array(ApprovalSchema),
    events: z.array(z.unknown()).describe('kept empty; see the events endpoints'),
    teams: z.array(z.unknown()).describe('kept empty; see GET /me/team'),
    honors: z.array(z.unknown()).describe('kept empty; see GET /me/honor'),
    qualifications: z.array(z.unknown()).describe('kept empty; see GET /me/qualification'),
    invoices: z.array(z.unknown()).describe('kept empty; see GET /invoice'),
    orderElements: z.array(z.unknown()).describe('kept empty; see GET /me/orderelements'),
    licenses: z.array(z.unknown()).describe('kept empty; see GET /me/license'),
  }),
);
export type Profile = z.infer<typeof ProfileSchema>;

/** Image scope codes in the path: 0 default, 1 extern, 2 intern. */
export const ImageScopeParamsSchema = deferred(() =>
  z.object({
    scope: z.coerce.number({ error: 'expected 0, 1 or 2' }).int().min(0).max(2, 'expected 0, 1 or 2'),
  }),
);
export const TenantImageScopeParamsSchema = deferred(() =>
  ImageScopeParamsSchema.extend({
    tenantId: z.uuid({ error: fieldError('id') }),
  }),
);

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZES = [512, 128] as const;

export const AvatarUploadResultSchema = deferred(() =>
  z.object({
    scope: z.number().int(),
    tenantId: z.string().nullable(),
    url: z.string().describe('512 px WebP'),
    thumbnailUrl: z.string().describe('128 px WebP'),
  }),
);
export type AvatarUploadResult = z.infer<typeof AvatarUploadResultSchema>;
