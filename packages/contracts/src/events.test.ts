import { describe, expect, it } from 'vitest';
import {
  EventListQuerySchema,
  MyRegistrationsQuerySchema,
  evaluatePriceSelection,
  eventStatus,
  type PriceOption,
} from './events.ts';

const HOUR = 60 * 60 * 1000;
const now = new Date('2026-06-10T12:00:00Z');
const at = (offsetHours: number) => new Date(now.getTime() + offsetHours * HOUR);

describe('eventStatus', () => {
  it.each([
    ['upcoming', at(24 * 7 + 1), at(24 * 7 + 3), false],
    ['soon', at(24 * 7 - 1), at(24 * 7 + 1), false],
    ['soon', at(24), at(26), false],
    ['soonstart', at(23.9), at(26), false],
    ['soonstart', at(0.1), at(1), false],
    ['current', at(0), at(1), false],
    ['current', at(-2), at(1), false],
    ['current', at(-2), at(0), false],
    ['past', at(-2), at(-0.01), false],
    ['cancelled', at(24 * 30), at(24 * 30 + 1), true],
    ['cancelled', at(-5), at(-4), true],
  ] as const)('is %s for start %s, end %s, cancelled %s', (expected, start, end, cancelled) => {
    expect(eventStatus({ start, end, cancelled }, now)).toBe(expected);
  });

  it('accepts ISO strings', () => {
    expect(eventStatus({ start: at(2).toISOString(), end: at(3).toISOString(), cancelled: false }, now)).toBe(
      'soonstart',
    );
  });
});

const opt = (id: string, kind: PriceOption['kind'], required = false, group: string | null = null) => ({
  id,
  kind,
  required,
  group,
});

describe('evaluatePriceSelection', () => {
  const options = [
    opt('member', 'price'),
    opt('guest', 'price'),
    opt('start-fee', 'option', true),
    opt('shirt', 'option'),
    opt('meal-veg', 'option', true, 'meal'),
    opt('meal-meat', 'option', false, 'meal'),
  ];

  it('reports noPrices for an event without options and an empty selection', () => {
    expect(evaluatePriceSelection([], [])).toBe('noPrices');
    expect(evaluatePriceSelection([], ['x'])).toBe('invalid');
  });

  it('asks for a price first', () => {
    expect(evaluatePriceSelection(options, [])).toBe('selectPrice');
    expect(evaluatePriceSelection(options, ['start-fee', 'meal-veg'])).toBe('selectPrice');
  });

  it('asks for required options, a required group needs one of its options', () => {
    expect(evaluatePriceSelection(options, ['member'])).toBe('selectRequired');
    expect(evaluatePriceSelection(options, ['member', 'start-fee'])).toBe('selectRequired');
    expect(evaluatePriceSelection(options, ['member', 'meal-meat'])).toBe('selectRequired');
  });

  it('is complete with one price and all required options', () => {
    expect(evaluatePriceSelection(options, ['member', 'start-fee', 'meal-meat'])).toBe('complete');
    expect(evaluatePriceSelection(options, ['guest', 'start-fee', 'meal-veg', 'shirt'])).toBe('complete');
  });

  it('refuses unknown ids, two prices and two options of one group', () => {
    expect(evaluatePriceSelection(options, ['member', 'start-fee', 'meal-veg', 'nope'])).toBe('invalid');
    expect(evaluatePriceSelection(options, ['member', 'guest', 'start-fee', 'meal-veg'])).toBe('invalid');
    expect(evaluatePriceSelection(options, ['member', 'start-fee', 'meal-veg', 'meal-meat'])).toBe('invalid');
  });

  it('needs no price when there are only options', () => {
    expect(evaluatePriceSelection([opt('a', 'option', true)], ['a'])).toBe('complete');
    expect(evaluatePriceSelection([opt('a', 'option', true)], [])).toBe('selectRequired');
  });
});

describe('query schemas', () => {
  it('reads comma lists and repeated parameters of ids', () => {
    const q = EventListQuerySchema.parse({
      tenantIds: 'a, b',
      tenantId: ['c', 'd,e'],
      globalDivisionIds: '',
    });
    expect(q.tenantIds).toEqual(['a', 'b']);
    expect(q.tenantId).toEqual(['c', 'd', 'e']);
    expect(q.globalDivisionIds).toEqual([]);
  });

  it('accepts ISO dates and date-times only', () => {
    expect(EventListQuerySchema.safeParse({ from: '2026-05-01' }).success).toBe(true);
    expect(EventListQuerySchema.safeParse({ from: '2026-05-01T10:00:00Z' }).success).toBe(true);
    expect(EventListQuerySchema.safeParse({ from: 'yesterday' }).success).toBe(false);
  });

  it('reads includeCancelled as a boolean', () => {
    expect(MyRegistrationsQuerySchema.parse({ includeCancelled: 'true' }).includeCancelled).toBe(true);
    expect(MyRegistrationsQuerySchema.parse({ includeCancelled: 'false' }).includeCancelled).toBe(false);
    expect(MyRegistrationsQuerySchema.safeParse({ includeCancelled: 'maybe' }).success).toBe(false);
  });
});
