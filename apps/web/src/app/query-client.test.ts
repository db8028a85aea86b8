import { afterEach, describe, expect, it } from 'vitest';
import { initTestI18n } from '../test/i18n.ts';
import { createQueryClient, invalidateOnLanguageChange } from './query-client.ts';

describe('query client', () => {
  afterEach(() => initTestI18n('de'));

  it('loads server texts again after a language change, and stops listening when asked', async () => {
    const client = createQueryClient();
    let calls = 0;
    const observer = client.getQueryCache().build(client, {
      queryKey: ['messages', 'list'],
      queryFn: () => ++calls,
    });
    await observer.fetch();
    expect(observer.state.isInvalidated).toBe(false);

    const stop = invalidateOnLanguageChange(client);
    await initTestI18n('en');
    expect(observer.state.isInvalidated).toBe(true);

    await observer.fetch();
    stop();
    await initTestI18n('de');
    expect(observer.state.isInvalidated).toBe(false);
  });
});

describe('the query client prepared at start-up', () => {
  it('goes to the first shell only, for each of its renders; a later shell starts empty, and a discarded one is gone', async () => {
    const {
      discardPreparedQueryClient,
      prepareQueryClient,
      releaseQueryClient,
      takePreparedQueryClient: take,
    } = await import('./query-client.ts');
    const prepared = prepareQueryClient();
    expect(prepared).not.toBeNull();
    expect(prepareQueryClient()).toBe(prepared);
    prepared!.setQueryData(['news'], ['prefetched']);
    discardPreparedQueryClient();
    expect(prepared!.getQueryData(['news'])).toBeUndefined();

    const again = prepareQueryClient()!;
    again.setQueryData(['news'], ['prefetched']);
    const first = take();
    expect(first).toBe(again);
    expect(first.getQueryData(['news'])).toEqual(['prefetched']);
    // The same shell rendered again before it mounted (its first render suspended) keeps that client.
    expect(take()).toBe(first);
    // Once a shell has its client, nothing more is prepared: a later shell (signed in again) gets a new one.
    expect(prepareQueryClient()).toBeNull();
    releaseQueryClient(first);
    const later = take();
    expect(later).not.toBe(first);
    expect(later.getQueryData(['news'])).toBeUndefined();
  });
});
