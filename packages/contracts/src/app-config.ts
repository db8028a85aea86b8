import { z } from 'zod';
import { deferred } from './deferred.ts';

/** GET /app-config.json: what the web and native apps need to know at run time. */
export const AppConfigSchema = deferred(() =>
  z.object({
    issuer: z.string(),
    clientId: z.string(),
    audience: z.string(),
    scope: z.string(),
    apiBaseUrl: z.string(),
    nativeRedirectUri: z.string(),
    telemetry: z.object({ endpoint: z.string(), instrumentationKey: z.string().nullable() }),
    links: z.object({ updates: z.string(), help: z.string(), imprint: z.string(), privacy: z.string() }),
    supportMail: z.string(),
  }),
);
export type AppConfig = z.infer<typeof AppConfigSchema>;
