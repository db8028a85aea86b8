import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApi } from './openapi.ts';
import { operationIdOf } from './plugins/openapi.ts';

const run = promisify(execFile);
const redoclyCli = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin/cli.js',
);

interface Operation {
  operationId?: string;
  responses: Record<string, unknown>;
}
let doc: { servers?: { url: string }[]; paths: Record<string, Record<string, Operation>> };
let file: string;

beforeAll(async () => {
  const text = await generateOpenApi();
  doc = JSON.parse(text) as typeof doc;
  file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'vh-openapi-lint-')), 'openapi.json');
  await fs.writeFile(file, text);
});

describe('the generated OpenAPI document', () => {
  it('passes `redocly lint` with the recommended rules: no errors, no warnings but the two redirect-only navigations', async () => {
    const { stdout } = await run(
      process.execPath,
      [redoclyCli, 'lint', file, '--extends=recommended', '--format=json'],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = report.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}`);
    // The only exceptions: the web sign-in's browser navigations always redirect (ADR 0009), so they have no 2xx.
    expect(problems).toEqual([
      'operation-2xx-response at #/paths/~1bff~1login/get/responses',
      'operation-2xx-response at #/paths/~1signin-oidc/get/responses',
    ]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 2 });
  });

  it('names every operation with a unique operationId derived from method and path', () => {
    const ids: string[] = [];
    for (const [route, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.operationId, `${method} ${route}`).toBe(operationIdOf(method, route));
        ids.push(operation.operationId!);
      }
    }
    expect(ids.length).toBeGreaterThan(100);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('derives readable ids', () => {
    expect(operationIdOf('PUT', '/api/me/address/:id/share')).toBe('putMeAddressByIdShare');
    expect(operationIdOf('get', '/api/calendar/{token}.ics')).toBe('getCalendarByTokenIcs');
    expect(operationIdOf('post', '/api/me/calendar-feed/renew')).toBe('postMeCalendarFeedRenew');
  });

  it('says where the API is served', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });
});
