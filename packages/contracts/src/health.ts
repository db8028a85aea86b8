import { z } from 'zod';
import { deferred } from './deferred.ts';

export const HealthSchema = deferred(() => z.object({ status: z.literal('ok') }));
export const ReadySchema = deferred(() =>
  z.object({ status: z.enum(['ok']), database: z.enum(['pglite', 'postgres']) }),
);
