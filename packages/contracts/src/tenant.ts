import { z } from 'zod';
import { deferred } from './deferred.ts';
import { MembershipRoleSchema } from './enums.ts';
import { pagedListSchema, pagedQuerySchema } from './paging.ts';

export const ThemeInfoSchema = deferred(() =>
  z.object({
    themeType: z.string(),
    detailHeaderImage: z.string().nullable(),
  }),
);
export type ThemeInfo = z.infer<typeof ThemeInfoSchema>;

/** Tenant (club) summary of spec §3. */
export const TenantSummarySchema = deferred(() =>
  z.object({
    id: z.string(),
    tenantId: z.string(),
    name: z.string(),
    primaryUrl: z.string().nullable(),
    avatarImageUrl: z.string().nullable(),
    headerImageUrl: z.string().nullable(),
    personAvatarImageUrl: z.string().nullable(),
    personExternAvatarImageUrl: z.string().nullable(),
    personInternAvatarImageUrl: z.string().nullable(),
    /**
     * The scopes (0 default, 1 extern, 2 intern) the person set an avatar for in this club; the others above fall
     * back to the general ones. Not in the spec: the avatar page needs it to offer removing a club's own image.
     */
    personClubAvatarScopes: z.array(z.number().int().min(0).max(2)),
    themeInfos: z.array(ThemeInfoSchema),
    roles: z.array(MembershipRoleSchema),
  }),
);
export type TenantSummary = z.infer<typeof TenantSummarySchema>;

export const TenantFindQuerySchema = deferred(() => pagedQuerySchema(['Name']));
export type TenantFindQuery = z.infer<typeof TenantFindQuerySchema>;
export const TenantListSchema = deferred(() => pagedListSchema(TenantSummarySchema));
export type TenantList = z.infer<typeof TenantListSchema>;
