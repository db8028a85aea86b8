import { z } from 'zod';
import { deferred } from './deferred.ts';
import { pagedListSchema, pagedQuerySchema } from './paging.ts';

export const LOG_ACTIONS = ['created', 'updated', 'deleted', 'shared', 'unshared', 'approved'] as const;
export const LogActionSchema = deferred(() => z.enum(LOG_ACTIONS));
export type LogAction = z.infer<typeof LogActionSchema>;

/** One entry of the activity log (GET /api/me/logmessages): who changed what, when, for which club. */
export const LogMessageSchema = deferred(() =>
  z.object({
    id: z.string(),
    createdAt: z.string().describe('ISO timestamp'),
    action: LogActionSchema,
    entityKind: z
      .string()
      .describe('address, mail, phone, bankaccount, …, person, avatar, approval, invoice'),
    entityId: z.string().nullable(),
    tenantId: z.string().nullable(),
    tenantName: z.string().nullable(),
    actor: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
    summary: z
      .string()
      .describe("In the reader's language (Accept-Language; German by default), old → new, bank data masked"),
    changes: z
      .array(z.object({ field: z.string(), old: z.string().nullable(), new: z.string().nullable() }))
      .describe("Field labels and values in the reader's language"),
  }),
);
export type LogMessage = z.infer<typeof LogMessageSchema>;
/** Newest first by default; `Created` is the spec's older spelling of CreatedAt. */
export const LogMessageQuerySchema = deferred(() => pagedQuerySchema(['CreatedAt', 'Created']));
export type LogMessageQuery = z.infer<typeof LogMessageQuerySchema>;
export const LogMessageListSchema = deferred(() => pagedListSchema(LogMessageSchema));
export type LogMessageList = z.infer<typeof LogMessageListSchema>;
