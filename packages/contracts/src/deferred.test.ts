import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { deferred, deferredSchemasBuilt, lazyObject } from './deferred.ts';

/** A schema with what the contracts use: nesting, optional and nullable fields, a transform, an enum, a refinement. */
const buildEvent = () =>
  z.object({
    id: z.string(),
    name: z.string().trim().min(1),
    status: z.enum(['open', 'full']),
    places: z.number().int().min(0).nullable(),
    tags: z.array(z.string()).optional(),
    startsAt: z.iso.datetime().transform((value) => new Date(value)),
  });

const valid = { id: 'e1', name: ' Sommercamp ', status: 'open', places: 3, startsAt: '2026-07-01T08:00:00Z' };
const invalid = { id: 'e1', name: '', status: 'closed', places: -1, startsAt: 'tomorrow' };

describe('lazyObject (the stand-in a browser gets)', () => {
  it('builds the schema on its first use, once, and not before', () => {
    const build = vi.fn(buildEvent);
    const schema = lazyObject(build);
    expect(build).not.toHaveBeenCalled();
    expect(Object.getOwnPropertyNames(schema)).toEqual([]);

    expect(schema.safeParse(valid).success).toBe(true);
    schema.parse(valid);
    void schema.shape;
    expect(build).toHaveBeenCalledTimes(1);
    // Built, the stand-in holds the schema's internals itself: a parse reads them without going through the proxy.
    expect(Object.getOwnPropertyNames(schema)).toEqual(expect.arrayContaining(['_zod', 'def', 'type']));
  });

  it('parses, transforms and refuses as the schema itself does, with the same issues', () => {
    const eager = buildEvent();
    const lazy = lazyObject(buildEvent);

    expect(lazy.parse(valid)).toEqual(eager.parse(valid));
    expect(lazy.parse(valid).startsAt).toBeInstanceOf(Date);
    const refused = lazy.safeParse(invalid);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual(eager.safeParse(invalid).error?.issues);
    expect(() => lazy.parse(invalid)).toThrow(z.ZodError);
  });

  it('is a Zod schema to Zod: instanceof, nested in objects, arrays and unions, extended, made optional', () => {
    const lazy = lazyObject(buildEvent);
    expect(lazy).toBeInstanceOf(z.ZodObject);
    expect(lazy).toBeInstanceOf(z.ZodType);
    expect(Object.keys(lazy.shape)).toEqual(['id', 'name', 'status', 'places', 'tags', 'startsAt']);

    const page = z.object({ items: z.array(lazy), next: lazy.optional() });
    expect(page.parse({ items: [valid] }).items[0]?.name).toBe('Sommercamp');
    expect(page.safeParse({ items: [invalid] }).success).toBe(false);

    const withCount = lazy.extend({ count: z.number() });
    expect(withCount.parse({ ...valid, count: 2 }).count).toBe(2);
    expect(withCount.safeParse(valid).success).toBe(false);

    const kind = z.discriminatedUnion('status', [
      lazyObject(() => z.object({ status: z.literal('open'), places: z.number() })),
      lazyObject(() => z.object({ status: z.literal('full') })),
    ]);
    expect(kind.parse({ status: 'open', places: 2 })).toEqual({ status: 'open', places: 2 });
    expect(kind.safeParse({ status: 'closed' }).success).toBe(false);

    expect(lazy.optional().parse(undefined)).toBeUndefined();
    expect(lazy.nullable().parse(null)).toBeNull();
  });

  it('validates through the Standard Schema interface (what form resolvers call)', async () => {
    const lazy = lazyObject(buildEvent);
    const ok = await lazy['~standard'].validate(valid);
    expect('value' in ok && ok.value).toMatchObject({ name: 'Sommercamp' });
    const refused = await lazy['~standard'].validate(invalid);
    expect('issues' in refused && refused.issues?.length).toBeGreaterThan(0);
  });

  it('describes itself in JSON Schema as the schema itself does', () => {
    expect(z.toJSONSchema(z.object({ event: lazyObject(buildEvent) }), { io: 'input' })).toEqual(
      z.toJSONSchema(z.object({ event: buildEvent() }), { io: 'input' }),
    );
  });
});

describe('deferred outside a browser (the server, Node)', () => {
  it('builds the schema at once and returns it as it is', () => {
    const build = vi.fn(buildEvent);
    const before = deferredSchemasBuilt();
    const schema = deferred(build);
    expect(build).toHaveBeenCalledTimes(1);
    expect(deferredSchemasBuilt()).toBe(before + 1);
    expect(Object.getPrototypeOf(schema)).toBe(Object.getPrototypeOf(buildEvent()));
  });
});
