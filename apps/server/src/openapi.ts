import { withSchemaOnlyApp } from './schema-app.ts';

/** The OpenAPI document as the app generates it from the Zod contracts (stable key order, no server URLs). */
export async function generateOpenApi(): Promise<string> {
  return withSchemaOnlyApp(async (app) => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    return JSON.stringify(JSON.parse(res.body), null, 2) + '\n';
  });
}
