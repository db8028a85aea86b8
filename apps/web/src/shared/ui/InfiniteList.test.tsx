import type { PagedList } from '@vereinsheim/contracts/paging';
import {
  QueryClient,
  QueryClientProvider,
  useInfiniteQuery,
  type InfiniteData,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mergePages, nextPage } from '../api/paging.ts';
import { InfiniteList } from './InfiniteList.tsx';
import { loadNextPage } from './infinite-scroll.ts';

type Item = { id: string; name: string };
const item = (n: number): Item => ({ id: `id-${n}`, name: `Eintrag ${n}` });
const page = (items: Item[], n: number, total: number): PagedList<Item> => ({
  items,
  maximumcount: total,
  page: n,
  pagesize: 2,
  top: 2,
  orderbytype: 'ascending',
});

type Query = UseInfiniteQueryResult<InfiniteData<PagedList<Item>>>;
/** The query as the list last rendered it (what the ionInfinite handler sees). */
let rendered: Query | undefined;

function List({
  fetchPage,
  textsFrom,
}: {
  fetchPage: (page: number) => Promise<PagedList<Item>>;
  textsFrom?: string | undefined;
}) {
  const query = useInfiniteQuery({
    queryKey: ['list'],
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
  });
  useEffect(() => {
    rendered = query;
  });
  const items = query.data ? mergePages(query.data.pages) : [];
  return (
    <InfiniteList
      query={query}
      count={items.length}
      textsFrom={textsFrom}
      texts={{ empty: 'Hier ist nichts.' }}
    >
      <ul aria-label="Liste">
        {items.map((i) => (
          <li key={i.id}>{i.name}</li>
        ))}
      </ul>
    </InfiniteList>
  );
}

function renderList(fetchPage: (page: number) => Promise<PagedList<Item>>, textsFrom?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <List fetchPage={fetchPage} textsFrom={textsFrom} />
    </QueryClientProvider>,
  );
}

/** What scrolling to the end does (ion-infinite-scroll's ionInfinite); returns the `complete` spy. */
function scrollToEnd() {
  if (!rendered) throw new Error('not rendered');
  const query = rendered;
  const complete = vi.fn();
  act(() => loadNextPage(query, complete));
  return { complete };
}

describe('InfiniteList', () => {
  it('loads the next page on scrolling, skips while that fetch runs and once all items are loaded', async () => {
    let releasePage2: (p: PagedList<Item>) => void = () => undefined;
    const fetchPage = vi.fn((n: number) =>
      n === 1
        ? Promise.resolve(page([item(1), item(2)], 1, 3))
        : new Promise<PagedList<Item>>((resolve) => (releasePage2 = resolve)),
    );
    renderList(fetchPage);
    expect(await screen.findByText('Eintrag 2')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenCalledTimes(1);

    scrollToEnd();
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    expect(fetchPage).toHaveBeenLastCalledWith(2);
    await waitFor(() => expect(rendered?.isFetchingNextPage).toBe(true));

    // A second scroll while page 2 is still loading completes at once without fetching again.
    const whileFetching = scrollToEnd();
    expect(whileFetching.complete).toHaveBeenCalledTimes(1);
    expect(fetchPage).toHaveBeenCalledTimes(2);

    // Page 2 repeats item 2 (it moved): merged by id, shown once.
    act(() => releasePage2(page([item(2), item(3)], 2, 3)));
    expect(await screen.findByText('Eintrag 3')).toBeInTheDocument();
    expect(screen.getAllByText('Eintrag 2')).toHaveLength(1);

    // maximumcount reached: no further page is requested.
    const done = scrollToEnd();
    expect(done.complete).toHaveBeenCalledTimes(1);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('shows the load error with a retry that loads the list', async () => {
    const fetchPage = vi
      .fn<(n: number) => Promise<PagedList<Item>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(page([item(1)], 1, 1));
    renderList(fetchPage);
    expect(await screen.findByText('Die Liste konnte nicht geladen werden.')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Erneut versuchen'));
    expect(await screen.findByText('Eintrag 1')).toBeInTheDocument();
    expect(screen.queryByText('Die Liste konnte nicht geladen werden.')).not.toBeInTheDocument();
  });

  it('keeps the loaded items when the next page fails and retries that page', async () => {
    const fetchPage = vi
      .fn<(n: number) => Promise<PagedList<Item>>>()
      .mockResolvedValueOnce(page([item(1), item(2)], 1, 3))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(page([item(3)], 2, 3));
    renderList(fetchPage);
    expect(await screen.findByText('Eintrag 2')).toBeInTheDocument();
    scrollToEnd();
    expect(await screen.findByText('Weitere Einträge konnten nicht geladen werden.')).toBeInTheDocument();
    expect(screen.getByText('Eintrag 1')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Erneut versuchen'));
    expect(await screen.findByText('Eintrag 3')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenLastCalledWith(2);
    expect(screen.queryByText('Weitere Einträge konnten nicht geladen werden.')).not.toBeInTheDocument();
  });

  it('shows the empty state when there is nothing', async () => {
    renderList(() => Promise.resolve(page([], 1, 0)));
    expect(await screen.findByText('Hier ist nichts.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Liste' })).not.toBeInTheDocument();
  });

  it('takes its texts from the feature namespace (and key prefix), the rest from common', async () => {
    const fetchPage = vi
      .fn<(n: number) => Promise<PagedList<Item>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(page([], 1, 0));
    renderList(fetchPage, 'invoices:orders');
    // invoices:orders.loadError exists; retry does not (under the prefix) and comes from common.
    expect(await screen.findByText('Die Bestellungen konnten nicht geladen werden.')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Erneut versuchen'));
    // `texts` wins over the namespace's orders.empty.
    expect(await screen.findByText('Hier ist nichts.')).toBeInTheDocument();
  });
});
