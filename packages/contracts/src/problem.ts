import { z } from 'zod';
import { deferred } from './deferred.ts';

/** RFC 9457 problem details, as every 4xx and 5xx answers. */
export const ProblemSchema = deferred(() =>
  z.object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    /** Stable key of the problem (e.g. `event.notFound`); `detail` is that key rendered in the request's language. */
    code: z.string().optional(),
    errors: z
      .array(z.object({ field: z.string(), message: z.string(), code: z.string().optional() }))
      .optional(),
  }),
);
export type Problem = z.infer<typeof ProblemSchema>;
