import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../shared/api/client.ts';
import { AuthProvider } from '../shared/auth/session-context.tsx';
import { ORIGIN, tenant, tenantList, testAppConfig } from '../test/fixtures.ts';
import { server } from '../test/msw-server.ts';
import { signedInAuth } from '../test/signed-in.tsx';
import { RouteGate } from './RouteGate.tsx';
import type { RouteGate as Gate } from './routes.tsx';

function renderGate(gate: Gate, path: string, privacyAccepted = false) {
  const auth = signedInAuth({ sub: 's', person_id: 'p', person_privacyaccepted: privacyAccepted });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthProvider auth={auth}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/" element={<p>Startseite</p>} />
            <Route
              path={path}
              element={
                <RouteGate gate={gate}>
                  <p>Geschützt</p>
                </RouteGate>
              }
            />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('route gates', () => {
  beforeEach(() => {
    configureApiClient({
      baseUrl: testAppConfig.apiBaseUrl,
      getAccessToken: async () => 't',
      getPersonId: () => 'p',
    });
  });

  it('/privacy stays while privacy is not accepted', () => {
    renderGate('privacy', '/privacy', false);
    expect(screen.getByText('Geschützt')).toBeInTheDocument();
  });

  it('/privacy leads to / once privacy is accepted', () => {
    renderGate('privacy', '/privacy', true);
    expect(screen.getByText('Startseite')).toBeInTheDocument();
  });

  it('/validation… opens for a reviewer in one of the clubs', async () => {
    server.use(
      http.get(`${ORIGIN}/api/me/tenant/find`, () =>
        HttpResponse.json(tenantList([tenant(1), tenant(2, { roles: ['member', 'reviewer'] })])),
      ),
    );
    renderGate('validation', '/validation/profile');
    expect(await screen.findByText('Geschützt')).toBeInTheDocument();
  });

  it('/validation… leads to / without the reviewer role', async () => {
    server.use(
      http.get(`${ORIGIN}/api/me/tenant/find`, () =>
        HttpResponse.json(tenantList([tenant(1, { roles: ['member', 'admin'] })])),
      ),
    );
    renderGate('validation', '/validation/profile/abc/info');
    expect(await screen.findByText('Startseite')).toBeInTheDocument();
    expect(screen.queryByText('Geschützt')).not.toBeInTheDocument();
  });
});
