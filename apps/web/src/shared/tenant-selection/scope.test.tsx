import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../api/client.ts';
import { memoryStore } from '../platform/storage.ts';
import { ORIGIN, tenant, tenantList, testAppConfig } from '../../test/fixtures.ts';
import { server } from '../../test/msw-server.ts';
import { ALL_CLUBS, useClubScope } from './scope.ts';
import { resetTenantSelection, TENANT_SELECTION_KEY } from './selection.ts';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const [one, two, three] = [tenant(1), tenant(2), tenant(3)];

describe('useClubScope', () => {
  let store: ReturnType<typeof memoryStore>;
  function startWith(selection: string[]) {
    store = memoryStore({ [TENANT_SELECTION_KEY]: JSON.stringify(selection) });
    resetTenantSelection(store);
  }

  beforeEach(() => {
    configureApiClient({
      baseUrl: testAppConfig.apiBaseUrl,
      getAccessToken: async () => 't',
      getPersonId: () => 'p',
    });
    server.use(
      http.get(`${ORIGIN}/api/me/tenant/find`, () => HttpResponse.json(tenantList([one, two, three]))),
    );
  });

  it('is not ready until the stored selection and the clubs are known, then scopes to the stored club', async () => {
    startWith([two.id]);
    const { result } = renderHook(() => useClubScope(), { wrapper });
    expect(result.current.ready).toBe(false);
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.tenantIds).toEqual([two.id]);
    expect(result.current.clubs.map((c) => c.name)).toEqual(['Verein 2']);
    expect(result.current.allClubs).toHaveLength(3);
  });

  it('means all clubs (no filter) when nothing is selected or only clubs the person has left', async () => {
    startWith(['00000000-0000-4000-8000-0000000000ff']);
    const { result } = renderHook(() => useClubScope(), { wrapper });
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.tenantIds).toBeUndefined();
    expect(result.current.clubs).toEqual([]);
  });

  it('switches to one club and back to all clubs, and remembers the choice', async () => {
    startWith([one.id, three.id]);
    const { result } = renderHook(() => useClubScope(), { wrapper });
    await waitFor(() => expect(result.current.tenantIds).toEqual([one.id, three.id]));

    act(() => result.current.choose(two.id));
    expect(result.current.tenantIds).toEqual([two.id]);
    await waitFor(() => expect(store.data.get(TENANT_SELECTION_KEY)).toBe(JSON.stringify([two.id])));

    act(() => result.current.choose(ALL_CLUBS));
    expect(result.current.tenantIds).toBeUndefined();
    await waitFor(() => expect(store.data.get(TENANT_SELECTION_KEY)).toBe('[]'));
  });
});
