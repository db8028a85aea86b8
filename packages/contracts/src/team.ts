import { z } from 'zod';
import { deferred } from './deferred.ts';
import { pagedListSchema, pagedQuerySchema } from './paging.ts';

const uuid = deferred(() => z.uuid({ error: 'expected a UUID' }));

export const TEAM_MEMBER_ROLES = ['player', 'captain', 'trainer', 'assistant', 'manager'] as const;
export const TeamMemberRoleSchema = deferred(() => z.enum(TEAM_MEMBER_ROLES));
export type TeamMemberRole = z.infer<typeof TeamMemberRoleSchema>;

export const TeamSummarySchema = deferred(() =>
  z.object({
    id: z.string(),
    tenantId: z.string(),
    tenantName: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    sport: z.string().nullable(),
    avatarImageUrl: z.string().nullable(),
    memberCount: z.number().int(),
    /** The signed-in person's roles in this team (empty when they only see it as a club member). */
    myRoles: z.array(TeamMemberRoleSchema),
  }),
);
export type TeamSummary = z.infer<typeof TeamSummarySchema>;

export const TeamListQuerySchema = deferred(() => pagedQuerySchema(['Name']));
export type TeamListQuery = z.infer<typeof TeamListQuerySchema>;
export const TeamListSchema = deferred(() => pagedListSchema(TeamSummarySchema));
export type TeamList = z.infer<typeof TeamListSchema>;

export const TeamMemberSchema = deferred(() =>
  z.object({
    personId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    avatarImageUrl: z.string().nullable(),
    roles: z.array(TeamMemberRoleSchema),
    /** Only mail addresses and phone numbers the member shared (intern or extern) with the team's club. */
    mails: z.array(z.string()),
    phones: z.array(z.string()),
  }),
);
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamEventSchema = deferred(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    startTime: z.string(),
    endTime: z.string().nullable(),
    place: z.string().nullable(),
  }),
);
export type TeamEvent = z.infer<typeof TeamEventSchema>;

export const TeamDetailSchema = deferred(() =>
  TeamSummarySchema.extend({
    members: z.array(TeamMemberSchema),
    upcomingEvents: z.array(TeamEventSchema),
  }),
);
export type TeamDetail = z.infer<typeof TeamDetailSchema>;

export const TeamIdParamsSchema = deferred(() => z.object({ id: uuid }));
export const TenantTeamParamsSchema = deferred(() => z.object({ tenantId: uuid, teamId: uuid }));
export const TeamDocumentParamsSchema = deferred(() => TenantTeamParamsSchema.extend({ documentId: uuid }));

export const TeamDocumentSchema = deferred(() =>
  z.object({
    id: z.string(),
    teamId: z.string(),
    tenantId: z.string(),
    name: z.string(),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    createdAt: z.string(),
    downloadUrl: z.string().describe('Relative to the API base, needs the bearer token'),
  }),
);
export type TeamDocument = z.infer<typeof TeamDocumentSchema>;
export const TeamDocumentListSchema = deferred(() => z.object({ items: z.array(TeamDocumentSchema) }));
export type TeamDocumentList = z.infer<typeof TeamDocumentListSchema>;

export const TeamContactPersonSchema = deferred(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    function: z.string(),
    mail: z.string().nullable(),
    phone: z.string().nullable(),
    avatarImageUrl: z.string().nullable(),
  }),
);
export type TeamContactPerson = z.infer<typeof TeamContactPersonSchema>;
export const TeamContactPersonListSchema = deferred(() =>
  z.object({ items: z.array(TeamContactPersonSchema) }),
);
export type TeamContactPersonList = z.infer<typeof TeamContactPersonListSchema>;
