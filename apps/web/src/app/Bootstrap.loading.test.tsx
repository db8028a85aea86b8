// vitest-isolate: Bootstrap boots once per page load (a module-level promise), so each file gets its own.
import { BFF_PATHS } from '@vereinsheim/contracts/session';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { testAppConfig } from '../test/fixtures.ts';
import { drawnPage, hydrateDrawn } from '../test/drawn-page.tsx';
import { server } from '../test/msw-server.ts';
import { deferred } from '../test/wait.ts';
import { Bootstrap } from './Bootstrap.tsx';
import { renderLoadingScreen } from './prerender/screens.tsx';

describe('the loading screen the server drew in (ADR 0052)', () => {
  it('is taken over as it is while the session is read, and gives way to what the session says', async () => {
    const session = deferred();
    server.use(
      http.get('*/app-config.json', () => HttpResponse.json(testAppConfig)),
      http.get(`*${BFF_PATHS.session}`, async () => {
        await session.promise;
        return new HttpResponse(null, { status: 401 });
      }),
    );

    const container = drawnPage(await renderLoadingScreen('de'));
    const drawnStatus = container.querySelector('[role="status"]');
    expect(drawnStatus).toHaveTextContent('Seite wird geladen...');

    const recoverable = await hydrateDrawn(container, <Bootstrap />);
    expect(recoverable).toEqual([]);
    expect(screen.getByRole('status')).toBe(drawnStatus);

    // No session: the signed-out screen follows, usable at once.
    await act(async () => session.resolve());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Jetzt anmelden' })).toBeEnabled());
    expect(recoverable).toEqual([]);
  });
});
