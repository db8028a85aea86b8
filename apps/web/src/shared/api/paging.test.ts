import { pagedListSchema, type PagedList } from '@vereinsheim/contracts/paging';
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ORIGIN } from '../../test/fixtures.ts';
import { server } from '../../test/msw-server.ts';
import { configureApiClient } from './client.ts';
import { fetchListPage, mergePages, nextPage, pagedListQueryOptions } from './paging.ts';

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

describe('paged list queries', () => {
  const ItemListSchema = pagedListSchema(z.object({ id: z.string(), name: z.string() }));
  const queries: URLSearchParams[] = [];
  beforeAll(() => {
    configureApiClient({
      baseUrl: ORIGIN,
      getAccessToken: () => Promise.resolve('t'),
      getPersonId: () => null,
    });
  });

  function serve(total: Item[]) {
    queries.length = 0;
    server.use(
      http.get(`${ORIGIN}/api/me/things`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        const n = Number(query.get('page'));
        const size = Number(query.get('top'));
        return HttpResponse.json(page(total.slice((n - 1) * size, n * size), n, total.length));
      }),
    );
  }

  it('asks for a page with the page size as pagesize and top, then the order and filters; the query may change the size', async () => {
    serve([a, b, c]);
    await fetchListPage('me/things', ItemListSchema, 2, {
      orderby: 'Name',
      orderbytype: 'ascending',
      q: undefined,
    });
    expect(Object.fromEntries(queries[0]!)).toEqual({
      page: '2',
      pagesize: '25',
      top: '25',
      orderby: 'Name',
      orderbytype: 'ascending',
    });
    await fetchListPage('me/things', ItemListSchema, 1, { pagesize: 2, top: 2 });
    expect(queries[1]?.get('top')).toBe('2');
  });

  it('loads pages from 1 until every item is there', async () => {
    serve([a, b, c]);
    const client = new QueryClient();
    const options = pagedListQueryOptions({
      queryKey: ['things'],
      fetchPage: (n, signal) => fetchListPage('me/things', ItemListSchema, n, { top: 2 }, signal),
      staleTime: 0,
    });
    // Asked for up to 5 pages, it stops after page 2: the 3 items are loaded.
    const data = await client.fetchInfiniteQuery({ ...options, pages: 5 });
    expect(mergePages(data.pages)).toEqual([a, b, c]);
    expect(queries.map((q) => q.get('page'))).toEqual(['1', '2']);
  });
});
