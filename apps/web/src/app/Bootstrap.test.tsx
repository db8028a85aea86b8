// vitest-isolate: Bootstrap boots once per page load (a module-level promise), so each file gets its own.
import { BFF_PATHS } from '@vereinsheim/contracts/session';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { testAppConfig } from '../test/fixtures.ts';
import { drawnPage, hydrateDrawn } from '../test/drawn-page.tsx';
import { server } from '../test/msw-server.ts';
import { deferred } from '../test/wait.ts';
import { Bootstrap } from './Bootstrap.tsx';
import { renderSignedOutScreen } from './prerender/screens.tsx';

describe('the signed-out screen the server drew in (ADR 0052)', () => {
  it('is taken over as it is, usable once the script runs, and a tap while the configuration loads signs in after it', async () => {
    const config = deferred();
    server.use(
      http.get('*/app-config.json', async () => {
        await config.promise;
        return HttpResponse.json(testAppConfig);
      }),
      http.get(`*${BFF_PATHS.session}`, () => new HttpResponse(null, { status: 401 })),
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);

    // The page as the server sends it: the build's markup in #root, before any script.
    const container = drawnPage(await renderSignedOutScreen('de'));
    const drawnHeading = container.querySelector('h1');
    const drawnButton = container.querySelector('button');
    expect(drawnHeading).toHaveTextContent('Willkommen im Vereinsheim');
    expect(drawnButton).toBeDisabled();

    const recoverable = await hydrateDrawn(container, <Bootstrap signedOut />);

    // The same elements, not drawn anew, and no loading screen in between.
    expect(recoverable).toEqual([]);
    expect(screen.getByRole('heading', { level: 1 })).toBe(drawnHeading);
    expect(screen.queryByText('Seite wird geladen...')).toBeNull();
    const button = screen.getByRole('button', { name: 'Jetzt anmelden' });
    expect(button).toBe(drawnButton);
    expect(button).toBeEnabled();

    // Tapped while the configuration is still on its way: the sign-in starts once it is there.
    act(() => button.click());
    expect(assign).not.toHaveBeenCalled();
    await act(async () => config.resolve());
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const login = new URL(String(assign.mock.calls[0]![0]));
    expect(login.pathname).toBe(BFF_PATHS.login);
    expect(login.searchParams.get('lang')).toBe('de');
    expect(screen.getByRole('heading', { level: 1 })).toBe(drawnHeading);
  });
});
