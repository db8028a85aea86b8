import type { PagedList } from '@vereinsheim/contracts/paging';
import { describe, expect, it } from 'vitest';
import { mergePages, nextPage } from './paging.ts';

type Item = { id: string; name: string };
const page = (items: Item[], n: number, total: number): PagedList<Item> => ({
  items,
  maximumcount: total,
  page: n,
  pagesize: 2,
  top: 2,
  orderbytype: 'ascending',
});
const a = { id: 'a', name: 'A' };
const b = { id: 'b', name: 'B' };
const c = { id: 'c', name: 'C' };

describe('nextPage', () => {
  it('starts at page 1 and asks for the page after the last one while items are missing', () => {
    expect(nextPage<Item>([])).toBe(1);
    expect(nextPage([page([a, b], 1, 3)])).toBe(2);
  });

  it('stops once the loaded count equals maximumcount or a page comes back empty', () => {
    expect(nextPage([page([a, b], 1, 3), page([c], 2, 3)])).toBeUndefined();
    expect(nextPage([page([a, b], 1, 2)])).toBeUndefined();
    expect(nextPage([page([a, b], 1, 5), page([], 2, 5)])).toBeUndefined();
  });
});

describe('mergePages', () => {
  it('keeps the order of first appearance and lists an item that moved between pages once, with its newest fields', () => {
    const merged = mergePages([page([a, b], 1, 3), page([{ id: 'b', name: 'B neu' }, c], 2, 3)]);
    expect(merged).toEqual([a, { id: 'b', name: 'B neu' }, c]);
  });
});
