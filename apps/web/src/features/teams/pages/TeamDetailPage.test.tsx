import {
  TeamContactPersonListSchema,
  TeamDetailSchema,
  TeamDocumentListSchema,
} from '@vereinsheim/contracts/team';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/client.ts';
import { ORIGIN } from '../../../test/fixtures.ts';
import { server } from '../../../test/msw-server.ts';
import TeamDetailPage from './TeamDetailPage.tsx';

const TEAM = '00000000-0000-4000-8000-000000000010';
const CLUB = '00000000-0000-4000-8000-000000000020';

const team = TeamDetailSchema.parse({
  id: TEAM,
  tenantId: CLUB,
  tenantName: 'TSV Test',
  name: 'Volleyball Mixed 1',
  description: 'Training dienstags',
  sport: 'Volleyball',
  avatarImageUrl: null,
  memberCount: 2,
  myRoles: ['player'],
  members: [
    {
      personId: 'p1',
      firstName: 'Mia',
      lastName: 'Hoffmann',
      avatarImageUrl: null,
      roles: ['captain', 'player'],
      mails: [],
      phones: [],
    },
    {
      personId: 'p2',
      firstName: 'Lukas',
      lastName: 'Müller',
      avatarImageUrl: null,
      roles: ['player'],
      mails: ['lukas@mail.example'],
      phones: [],
    },
  ],
  upcomingEvents: [
    {
      id: 'e1',
      name: 'Sommerfest',
      startTime: '2026-12-12T17:00:00.000Z',
      endTime: null,
      place: 'Sportpark',
    },
  ],
});

beforeAll(() => {
  configureApiClient({
    baseUrl: ORIGIN,
    getAccessToken: () => Promise.resolve('t'),
    getPersonId: () => null,
  });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/teams/${TEAM}`]}>
        <Routes>
          <Route path="/teams/:id" element={<TeamDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/teams/{id}', () => {
  it('shows members with shared contact data, events, documents and contact persons', async () => {
    server.use(
      http.get(`${ORIGIN}/api/team/${TEAM}`, () => HttpResponse.json(team)),
      http.get(`${ORIGIN}/api/tenant/${CLUB}/team/${TEAM}/documentupload`, () =>
        HttpResponse.json(
          TeamDocumentListSchema.parse({
            items: [
              {
                id: 'd1',
                teamId: TEAM,
                tenantId: CLUB,
                name: 'Trainingsplan',
                fileName: 'Trainingsplan.pdf',
                contentType: 'application/pdf',
                size: 2048,
                createdAt: '2026-11-01T10:00:00.000Z',
                downloadUrl: `/tenant/${CLUB}/team/${TEAM}/documentupload/d1/download`,
              },
            ],
          }),
        ),
      ),
      http.get(`${ORIGIN}/api/tenant/${CLUB}/team/${TEAM}/contactperson`, () =>
        HttpResponse.json(
          TeamContactPersonListSchema.parse({
            items: [
              {
                id: 'c1',
                name: 'Lea Fischer',
                function: 'Trainerin',
                mail: null,
                phone: '+49 89 1',
                avatarImageUrl: null,
              },
            ],
          }),
        ),
      ),
    );
    renderPage();
    expect(await screen.findByText('Mia Hoffmann')).toBeInTheDocument();
    expect(screen.getByText('Kapitän/in, Spieler/in')).toBeInTheDocument();
    expect(screen.getByText('lukas@mail.example')).toHaveAttribute('href', 'mailto:lukas@mail.example');
    expect(screen.getByText('Sommerfest')).toBeInTheDocument();
    expect(await screen.findByText('Trainingsplan')).toBeInTheDocument();
    expect(screen.getByText('Trainingsplan.pdf · 2 KB')).toBeInTheDocument();
    expect(await screen.findByText('Lea Fischer')).toBeInTheDocument();
  });

  it('lets documents fail on their own while members and contact persons show', async () => {
    server.use(
      http.get(`${ORIGIN}/api/team/${TEAM}`, () => HttpResponse.json(team)),
      http.get(`${ORIGIN}/api/tenant/${CLUB}/team/${TEAM}/documentupload`, () =>
        HttpResponse.json({}, { status: 500 }),
      ),
      http.get(`${ORIGIN}/api/tenant/${CLUB}/team/${TEAM}/contactperson`, () =>
        HttpResponse.json(TeamContactPersonListSchema.parse({ items: [] })),
      ),
    );
    renderPage();
    expect(await screen.findByText('Die Dokumente konnten nicht geladen werden.')).toBeInTheDocument();
    expect(screen.getByText('Lukas Müller')).toBeInTheDocument();
    expect(await screen.findByText('Keine Ansprechpersonen hinterlegt.')).toBeInTheDocument();
  });

  it('shows a German error when the team cannot be loaded', async () => {
    server.use(http.get(`${ORIGIN}/api/team/${TEAM}`, () => HttpResponse.json({}, { status: 404 })));
    renderPage();
    expect(await screen.findByText('Die Mannschaft konnte nicht geladen werden.')).toBeInTheDocument();
  });
});
