import { z } from 'zod';
import { deferred } from './deferred.ts';
import { GenderSchema } from './enums.ts';

/** A boolean claim accepts true or the string 'true' in any case (spec §5). */
export function parseClaimBoolean(value: unknown): boolean {
  if (value === true) return true;
  return typeof value === 'string' && value.trim().toLowerCase() === 'true';
}

/** A number claim accepts numbers and numeric strings (spec §5). */
export function parseClaimNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

/** GET /api/b2c/person/{subject}: the person claims (spec §3, §7). */
export const PersonClaimsSchema = deferred(() =>
  z.object({
    person_id: z.string(),
    person_setupcompleted: z.boolean(),
    person_privacyaccepted: z.boolean(),
    avatar_image_url: z.string().nullable(),
    family_name: z.string(),
    given_name: z.string(),
  }),
);
export type PersonClaims = z.infer<typeof PersonClaimsSchema>;

/** GET /api/tenants/notenant/person/{personId}: the base person. */
export const BasePersonSchema = deferred(() =>
  z.object({
    id: z.string(),
    title: z.string().nullable(),
    gender: GenderSchema,
    firstName: z.string(),
    lastName: z.string(),
    birthdate: z.string().nullable().describe('ISO date (YYYY-MM-DD)'),
    birthplace: z.string().nullable(),
    age: z.number().int().nullable(),
    b2cId: z.string().nullable(),
    avatarImageUrl: z.string().nullable(),
    internAvatarImageUrl: z.string().nullable(),
    externAvatarImageUrl: z.string().nullable(),
    headerImageUrl: z.string().nullable(),
  }),
);
export type BasePerson = z.infer<typeof BasePersonSchema>;

export const SubjectParamsSchema = deferred(() => z.object({ subject: z.string().min(1).max(255) }));
export const PersonIdParamsSchema = deferred(() => z.object({ personId: z.string().min(1).max(64) }));
