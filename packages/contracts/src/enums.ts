import { z } from 'zod';
import { deferred } from './deferred.ts';

export const GENDERS = ['male', 'female', 'divers', 'noinformation'] as const;
export const GenderSchema = deferred(() => z.enum(GENDERS));
export type Gender = z.infer<typeof GenderSchema>;

/** Any value that is not a known gender is treated as `noinformation` (spec §3, §5). */
export function coerceGender(value: unknown): Gender {
  if (typeof value !== 'string') return 'noinformation';
  const lower = value.trim().toLowerCase();
  return (GENDERS as readonly string[]).includes(lower) ? (lower as Gender) : 'noinformation';
}

/** Input schema: accepts anything string-like and maps unknown values to `noinformation`. */
export const GenderInputSchema = deferred(() => z.unknown().transform(coerceGender));

export const MEMBERSHIP_ROLES = [
  'member',
  'participant',
  'trainer',
  'committee',
  'organiser',
  'reviewer',
  'admin',
] as const;
export const MembershipRoleSchema = deferred(() => z.enum(MEMBERSHIP_ROLES));
export type MembershipRole = z.infer<typeof MembershipRoleSchema>;

export const SHARING_SCOPES = ['default', 'extern', 'intern'] as const;
export const SharingScopeSchema = deferred(() => z.enum(SHARING_SCOPES));
export type SharingScope = z.infer<typeof SharingScopeSchema>;

/** Image scope codes: default 0, extern 1, intern 2. */
export const IMAGE_SCOPE_CODES = { default: 0, extern: 1, intern: 2 } as const;
export const ImageScopeCodeSchema = deferred(() => z.coerce.number().int().min(0).max(2));

export const REGISTRATION_STATUSES = [
  'invited',
  'requested',
  'waiting',
  'participating',
  'cancelled',
  'nomember',
] as const;
export const RegistrationStatusSchema = deferred(() => z.enum(REGISTRATION_STATUSES));
export type RegistrationStatus = z.infer<typeof RegistrationStatusSchema>;

export const ORDER_BY_TYPES = ['ascending', 'descending'] as const;
export const OrderByTypeSchema = deferred(() => z.enum(ORDER_BY_TYPES));
export type OrderByType = z.infer<typeof OrderByTypeSchema>;
