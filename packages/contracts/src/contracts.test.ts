import { describe, expect, it } from 'vitest';
import { coerceGender, GenderInputSchema } from './enums.ts';
import { z } from 'zod';
import { EventListQuerySchema } from './events.ts';
import { effectivePageSize, PagedQuerySchema } from './paging.ts';
import { parseClaimBoolean, parseClaimNumber } from './person.ts';

describe('gender', () => {
  it.each([
    ['male', 'male'],
    ['Female', 'female'],
    [' DIVERS ', 'divers'],
    ['noinformation', 'noinformation'],
    ['unknown', 'noinformation'],
    ['', 'noinformation'],
    [null, 'noinformation'],
    [3, 'noinformation'],
  ])('maps %o to %s', (input, expected) => {
    expect(coerceGender(input)).toBe(expected);
    expect(GenderInputSchema.parse(input)).toBe(expected);
  });
});

describe('paged query', () => {
  it('applies the spec defaults: page 1, size 25', () => {
    const q = PagedQuerySchema.parse({});
    expect(q.page).toBe(1);
    expect(effectivePageSize(q)).toBe(25);
  });

  it('reads numbers from query strings and lets top win over pagesize', () => {
    const q = PagedQuerySchema.parse({ page: '2', top: '200', pagesize: '10', orderbytype: 'Descending' });
    expect(q).toMatchObject({ page: 2, top: 200, pagesize: 10, orderbytype: 'descending' });
    expect(effectivePageSize(q)).toBe(200);
    expect(effectivePageSize(PagedQuerySchema.parse({ pagesize: '10' }))).toBe(10);
  });

  it.each([{ page: '0' }, { top: '201' }, { pagesize: '-1' }, { orderbytype: 'up' }, { page: 'x' }])(
    'rejects %o',
    (input) => {
      expect(PagedQuerySchema.safeParse(input).success).toBe(false);
    },
  );
});

describe('orderby', () => {
  it.each([
    ['StartTime', 'StartTime'],
    ['starttime', 'StartTime'],
    [' NAME ', 'Name'],
    [undefined, undefined],
  ])('reads %o case-insensitively as %o', (input, expected) => {
    expect(EventListQuerySchema.parse({ orderby: input }).orderby).toBe(expected);
  });

  it('refuses any other field, naming orderby', () => {
    const result = EventListQuerySchema.safeParse({ orderby: 'Password' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['orderby']);
  });

  it('is documented as an enum of the spec spellings', () => {
    const json = z.toJSONSchema(EventListQuerySchema, { io: 'input' }) as unknown as {
      properties: { orderby: { enum?: string[] } };
    };
    expect(json.properties.orderby.enum).toEqual(['StartTime', 'Name']);
  });
});

describe('claim parsing', () => {
  it.each([
    [true, true],
    ['true', true],
    ['TRUE', true],
    [' True ', true],
    [false, false],
    ['false', false],
    ['yes', false],
    [1, false],
    [undefined, false],
  ])('boolean %o → %s', (input, expected) => {
    expect(parseClaimBoolean(input)).toBe(expected);
  });

  it.each([
    [42, 42],
    ['42', 42],
    ['1.5', 1.5],
    ['', undefined],
    ['abc', undefined],
    [Number.NaN, undefined],
    [null, undefined],
  ])('number %o → %s', (input, expected) => {
    expect(parseClaimNumber(input)).toBe(expected);
  });
});
