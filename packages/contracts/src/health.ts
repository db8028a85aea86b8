import { z } from 'zod';

export const HealthSchema = z.object({ status: z.literal('ok') });
export const ReadySchema = z.object({ status: z.enum(['ok']), database: z.enum(['pglite', 'postgres']) });
