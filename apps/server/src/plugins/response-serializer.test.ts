import type { RouteOptions } from 'fastify';
import fastJson from 'fast-json-stringify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, encode } from 'zod/v4/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { AddressListSchema } from '@vereinsheim/contracts';
import { withSchemaOnlyApp } from '../schema-app.ts';
import { responseJsonSchema, responseSerializerCompiler } from './response-serializer.ts';

const creator = { id: 'p1', firstName: 'Mia', lastName: 'Hoffmann' };
const tenant = {
  id: 't1',
  name: 'TSV Musterstadt',
  headerImageUrl: null,
  avatarImageUrl: '/media/t1.png',
  isLocked: false,
  lockedReason: null,
  isIntern: true,
  isExtern: false,
  isDefault: true,
};
const address = {
  id: 'a1',
  createdAt: '2026-11-27T20:00:00.000Z',
  updatedAt: '2026-11-27T20:00:00.000Z',
  scopedSharingTenants: [tenant],
  street: 'Hauptstraße "Nord"',
  streetNumber: '12a',
  addition: null,
  zip: '12345',
  city: 'Musterstadt',
  country: null,
  countryCode: 'DE',
  description: 'Zuhause\nmit Umlauten äöü',
};
const list = (items: unknown[]) => ({
  items,
  maximumcount: items.length,
  page: 1,
  pagesize: 25,
  top: 25,
  orderbytype: 'descending',
});

const serializerFor = (check: boolean) =>
  responseSerializerCompiler({ check })({
    schema: AddressListSchema,
    method: 'GET',
    url: '/api/me/address',
    httpStatus: '200',
  });

describe('the compiled response serializer (ADR 0041)', () => {
  it('writes what the Zod contract encodes, with nulls, nested lists and escapes, and only the contract’s fields', () => {
    const value = list([
      { ...address, creator, passwordHash: 'secret', scopedSharingTenants: [{ ...tenant, rowVersion: 7 }] },
      { ...address, id: 'a2', creator: null },
    ]);
    const json = serializerFor(false)(value);
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(encode(AddressListSchema, value as never))));
    expect(json).not.toContain('passwordHash');
    expect(json).not.toContain('rowVersion');
    expect(JSON.parse(json)).toMatchObject({ items: [{ creator }, { id: 'a2', creator: null }] });
  });

  it('with the check on, refuses an answer its contract refuses (500), which the compiled serializer alone would coerce', () => {
    const wrong = list([{ ...address, creator, zip: 12345 }]);
    // fast-json-stringify turns the number into a string; the contract says the field is a string, not a number.
    expect(JSON.parse(serializerFor(false)(wrong))).toMatchObject({ items: [{ zip: '12345' }] });
    let thrown: unknown;
    try {
      serializerFor(true)(wrong);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(isResponseSerializationError(thrown as Error & { method: string })).toBe(true);
    expect((thrown as { statusCode?: number }).statusCode).toBe(500);
  });

  it('writes a nullable value without picking a branch by validation (no anyOf left for null)', () => {
    const schema = responseJsonSchema(AddressListSchema);
    expect(JSON.stringify(schema)).not.toMatch(/"(anyOf|oneOf)"/);
  });
});

describe("every route's response contract", () => {
  let routes: RouteOptions[] = [];

  beforeAll(async () => {
    routes = await withSchemaOnlyApp(async (_app, registered) => registered);
  });

  it('compiles to a JSON Schema serializer; only GET /bff/session keeps a union (its `aud` claim: string or list)', () => {
    const withUnion: string[] = [];
    let compiled = 0;
    for (const route of routes) {
      const responses = (route.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {};
      for (const [status, schema] of Object.entries(responses)) {
        expect(schema, `${String(route.method)} ${route.url} ${status}`).toBeInstanceOf($ZodType);
        const json = responseJsonSchema(schema as $ZodType);
        expect(() => fastJson(json as never), `${String(route.method)} ${route.url} ${status}`).not.toThrow();
        compiled += 1;
        if (/"(anyOf|oneOf|allOf)"/.test(JSON.stringify(json)))
          withUnion.push(`${String(route.method)} ${route.url} ${status}`);
      }
    }
    expect(compiled).toBeGreaterThan(1000);
    expect(withUnion.sort()).toEqual(['GET /bff/session 200', 'HEAD /bff/session 200']);
  });
});
