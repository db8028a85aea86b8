/**
 * Responses serialised by compiled schemas (issue 14 §5, ADR 0041).
 *
 * Each route's response schema is a Zod contract (packages/contracts). At start-up this compiler turns it into
 * a JSON Schema (`z.toJSONSchema`, the output side) and compiles that with fast-json-stringify, Fastify's own
 * serializer: the answer is written field by field from the schema and carries only the contract's fields.
 *
 * With `check` on (tests and the e2e harness, RESPONSE_CHECK) every answer is also encoded by the Zod contract,
 * as fastify-type-provider-zod's serializer does, and the compiled JSON must read back equal to it. A value
 * the contract refuses, or a field the compiled schema writes differently, then fails the request with
 * fastify-type-provider-zod's `ResponseSerializationError` (500, errors.ts), so the whole API test suite holds
 * the compiled serializers to the contracts.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

type JsonSchema = { [key: string]: unknown };

/** The Zod schema of a route's response, as Fastify hands it over (bare, or as `{ properties }`). */
function zodSchemaOf(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  if (typeof schema === 'object' && schema !== null && 'properties' in schema) {
    const { properties } = schema;
    if (properties instanceof $ZodType) return properties;
  }
  throw new Error(`A response schema is not a Zod schema: ${JSON.stringify(schema)}`);
}

const isNull = (schema: unknown) =>
  typeof schema === 'object' &&
  schema !== null &&
  (schema as JsonSchema).type === 'null' &&
  Object.keys(schema).length === 1;

/**
 * Zod writes a nullable value as `anyOf: [X, { type: 'null' }]`. fast-json-stringify would pick the branch of
 * an `anyOf` by validating the value against each one (Ajv) on every response; `nullable` (which it supports)
 * checks for `null` only.
 */
function forFastJson(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forFastJson);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = forFastJson(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && anyOf.some(isNull)) {
    const other = anyOf.find((s) => !isNull(s)) as JsonSchema;
    if (typeof other.$ref !== 'string' && other.anyOf === undefined && other.oneOf === undefined) {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...other, nullable: true };
    }
  }
  return out;
}

/** The JSON Schema fast-json-stringify compiles for a response contract. */
export function responseJsonSchema(schema: $ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'throw',
    cycles: 'ref',
    reused: 'inline',
    // No registry: schemas with an id in the contracts' registry are written inline, not as $refs.
    metadata: z.registry(),
  }) as JsonSchema;
  const { $schema: _schema, ...rest } = json;
  return forFastJson(rest) as JsonSchema;
}

/** One compiled serializer per contract schema, shared by every app of the process (tests build many). */
const compiledSerializers = new WeakMap<$ZodType, (data: unknown) => string>();

function compile(schema: $ZodType): (data: unknown) => string {
  let stringify = compiledSerializers.get(schema);
  if (!stringify) {
    stringify = fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
    compiledSerializers.set(schema, stringify);
  }
  return stringify;
}

export interface ResponseSerializerOptions {
  /** Also encode each answer by its Zod contract and compare (tests; RESPONSE_CHECK). */
  check: boolean;
}

export function responseSerializerCompiler(
  options: ResponseSerializerOptions,
): FastifySerializerCompiler<unknown> {
  return ({ schema: maybeSchema, method, url }) => {
    const schema = zodSchemaOf(maybeSchema);
    // Compiled on the first answer, not at start-up: the API has over a thousand response schemas, and
    // compiling them all would add ~0.3 s to every start (and to every app a test builds).
    let compiled: ((data: unknown) => string) | undefined;
    const stringify = (data: unknown) => (compiled ??= compile(schema))(data);
    if (!options.check) return stringify;
    return (data: unknown) => {
      const encoded = safeEncode(schema, data);
      if (encoded.error) throw new ResponseSerializationError(method, url, { cause: encoded.error });
      const json = stringify(data);
      const expected: unknown = JSON.parse(JSON.stringify(encoded.data));
      if (!isDeepStrictEqual(JSON.parse(json), expected)) {
        const message = `The compiled serializer wrote ${json}, the contract ${JSON.stringify(expected)}`;
        throw new ResponseSerializationError(method, url, {
          cause: new z.ZodError([{ code: 'custom', message, path: [], input: data }]),
        });
      }
      return json;
    };
  };
}
