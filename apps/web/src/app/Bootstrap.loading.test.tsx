// vitest-isolate: Bootstrap boots once per page load (a module-level promise), so each file gets its own.
import { BFF_PATHS } from '@vereinsheim/contracts/session';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { testAppConfig } from '../test/fixtures.ts';
import { server } from '../test/msw-server.ts';
import { Bootstrap } from './Bootstrap.tsx';
import { renderLoadingScreen } from './prerender/screens.tsx';

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('the loading screen the server drew in (ADR 0052)', () => {
  it('is taken over as it is while the session is read, and gives way to what the session says', async () => {
    let answerSession!: () => void;
    const sessionAsked = new Promise<void>((resolve) => (answerSession = resolve));
    server.use(
      http.get('*/app-config.json', () => HttpResponse.json(testAppConfig)),
      http.get(`*${BFF_PATHS.session}`, async () => {
        await sessionAsked;
        return new HttpResponse(null, { status: 401 });
      }),
    );

    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = await renderLoadingScreen('de');
    document.body.append(container);
    const drawnStatus = container.querySelector('[role="status"]');
    expect(drawnStatus).toHaveTextContent('Seite wird geladen...');

    const recoverable: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, <Bootstrap />, {
        onRecoverableError: (error) => recoverable.push(error),
      });
    });
    expect(recoverable).toEqual([]);
    expect(screen.getByRole('status')).toBe(drawnStatus);

    // No session: the signed-out screen follows, usable at once.
    await act(async () => answerSession());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Jetzt anmelden' })).toBeEnabled());
    expect(recoverable).toEqual([]);
  });
});
