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
