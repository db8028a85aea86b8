import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { BUILD_VERSION, ProblemSchema } from '@vereinsheim/contracts';

const pascal = (word: string) =>
  word
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/**
 * A stable, readable operationId from method and path, e.g. `PUT /api/me/address/:id/share` → `putMeAddressByIdShare`,
 * `GET /api/calendar/:token.ics` → `getCalendarByTokenIcs`. Method + path is unique, and so is the id.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment
        .split(/(:[A-Za-z0-9_]+|\{[A-Za-z0-9_]+\})/)
        .filter(Boolean)
        .map((part) => (/^[:{]/.test(part) ? `By${pascal(part.replace(/[:{}]/g, ''))}` : pascal(part)))
        .join(''),
    );
  return method.toLowerCase() + words.join('');
}

/**
 * The Zod transform, plus an operationId on every operation that does not name its own, and the 400 that every
 * route can answer (plugins/input.ts checks the path, query and body of all of them) where a route lists none.
 */
const transform: SwaggerTransform<FastifySchema> = (input) => {
  const response = input.schema?.response as Record<string, unknown> | undefined;
  const schema400 = response && !('400' in response) ? { ...response, 400: ProblemSchema } : response;
  const out = jsonSchemaTransform({
    ...input,
    schema: { ...input.schema, ...(schema400 ? { response: schema400 } : {}) },
  });
  const method = [input.route.method].flat()[0] ?? 'get';
  const schema = out.schema as FastifySchema & { operationId?: string };
  return {
    ...out,
    schema: { ...schema, operationId: schema.operationId ?? operationIdOf(method, input.url) },
  };
};

/** OpenAPI 3.1 generated from the Zod contracts: /api/docs (UI) and /api/docs/json. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Vereinsheim API',
        description:
          'Member and participant portal for sports clubs. All /api routes except telemetry need a bearer access ' +
          'token (native apps, other clients) or the web session cookie of /bff (the web app; unsafe methods then ' +
          'also need a matching Origin and the x-vereinsheim-csrf header).',
        version: BUILD_VERSION,
        // No licence has been granted (private repository, no LICENSE file): say so instead of leaving it open.
        license: { name: 'Proprietary (no licence granted)', identifier: 'LicenseRef-Proprietary' },
      },
      // Relative: the portal that serves this document (its PUBLIC_URL); paths carry the /api prefix.
      servers: [{ url: '/', description: 'the portal serving this document' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          session: { type: 'apiKey', in: 'cookie', name: '__Host-vh_session' },
        },
      },
      security: [{ bearer: [] }, { session: [] }],
    },
    transform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
