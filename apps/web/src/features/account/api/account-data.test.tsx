import { FRESH_SIGN_IN_REQUIRED } from '@vereinsheim/contracts/account';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../shared/api/client.ts';
import type { AuthService } from '../../../shared/auth/auth-service.ts';
import { AuthProvider } from '../../../shared/auth/session-context.tsx';
import { ORIGIN } from '../../../test/fixtures.ts';
import { server } from '../../../test/msw-server.ts';
import { DELETE_AFTER_SIGN_IN_KEY, useAccountDeletion } from './account-data.ts';

beforeAll(() => {
  configureApiClient({
    baseUrl: ORIGIN,
    getAccessToken: () => Promise.resolve('t'),
    getPersonId: () => null,
  });
});

function setup() {
  const auth = {
    session: null,
    subscribe: () => () => undefined,
    signOut: vi.fn(() => Promise.resolve()),
    reauthenticate: vi.fn(() => Promise.resolve({ kind: 'redirecting' })),
  };
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <AuthProvider auth={auth as unknown as AuthService}>{children}</AuthProvider>
    </QueryClientProvider>
  );
  return { auth, hook: renderHook(() => useAccountDeletion(), { wrapper }) };
}

/** DELETE /api/me as the server answers an old sign-in (401, RFC 9470 challenge, problem type). */
const staleSignIn = () =>
  http.delete(`${ORIGIN}/api/me`, () =>
    HttpResponse.json(
      {
        type: FRESH_SIGN_IN_REQUIRED,
        title: 'Unauthorized',
        status: 401,
        detail: 'This needs a sign-in within the last 5 minutes.',
      },
      {
        status: 401,
        headers: {
          'content-type': 'application/problem+json',
          'www-authenticate': 'Bearer error="insufficient_user_authentication", max_age="300"',
        },
      },
    ),
  );

describe('account deletion', () => {
  it('offers a fresh sign-in when the API refuses an old one, and sends the person back to /account', async () => {
    server.use(staleSignIn());
    const { auth, hook } = setup();
    expect(hook.result.current.returned).toBe(false);
    act(() => hook.result.current.remove('LÖSCHEN'));
    await waitFor(() => expect(hook.result.current.state).toEqual({ kind: 'sign-in-needed' }));
    expect(auth.signOut).not.toHaveBeenCalled();
    act(() => hook.result.current.signInAgain());
    expect(auth.reauthenticate).toHaveBeenCalledWith('/account');
    expect(sessionStorage.getItem(DELETE_AFTER_SIGN_IN_KEY)).toBe('1');
  });

  it('back from the sign-in: deleting succeeds and signs out', async () => {
    sessionStorage.setItem(DELETE_AFTER_SIGN_IN_KEY, '1');
    let body: unknown;
    server.use(
      http.delete(`${ORIGIN}/api/me`, async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { auth, hook } = setup();
    expect(hook.result.current.returned).toBe(true);
    await waitFor(() => expect(sessionStorage.getItem(DELETE_AFTER_SIGN_IN_KEY)).toBeNull());
    act(() => hook.result.current.remove('LÖSCHEN'));
    await waitFor(() => expect(auth.signOut).toHaveBeenCalled());
    expect(body).toEqual({ confirmation: 'LÖSCHEN' });
  });

  it('back from the sign-in and still refused: an error, no second trip', async () => {
    sessionStorage.setItem(DELETE_AFTER_SIGN_IN_KEY, '1');
    server.use(staleSignIn());
    const { auth, hook } = setup();
    act(() => hook.result.current.remove('LÖSCHEN'));
    await waitFor(() => expect(hook.result.current.state).toEqual({ kind: 'sign-in-failed' }));
    expect(auth.reauthenticate).not.toHaveBeenCalled();
  });

  it('shows the problem detail of any other refusal', async () => {
    server.use(
      http.delete(`${ORIGIN}/api/me`, () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Not Found', status: 404, detail: 'Unknown person.' },
          { status: 404, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const { hook } = setup();
    act(() => hook.result.current.remove('LÖSCHEN'));
    await waitFor(() =>
      expect(hook.result.current.state).toEqual({ kind: 'failed', detail: 'Unknown person.' }),
    );
  });
});
