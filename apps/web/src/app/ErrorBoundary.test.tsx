import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary.tsx';

let failing = true;
function Flaky() {
  if (failing) throw new Error('Kaputt');
  return <p>Alles gut</p>;
}

describe('error screen', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    failing = true;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const retry = () => fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));

  it('shows the title, an err-prefixed id and a report mail with id, message, URL, time and browser', () => {
    render(
      <ErrorBoundary supportMail="support@vereinsheim.example">
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Etwas ist schiefgelaufen' })).toBeInTheDocument();
    expect(screen.getByText('Entschuldigung, ein Fehler ist aufgetreten')).toBeInTheDocument();
    const id = /Fehler-ID: (err\w+)/.exec(screen.getByText(/Fehler-ID:/).textContent ?? '')?.[1];
    expect(id).toMatch(/^err/);
    const href = screen.getByRole('link', { name: 'Fehler melden' }).getAttribute('href') ?? '';
    expect(href.startsWith('mailto:support@vereinsheim.example?')).toBe(true);
    const body = decodeURIComponent(href.split('body=')[1] ?? '');
    expect(body).toContain(`Fehler-ID: ${id}`);
    expect(body).toContain('Meldung: Kaputt');
    expect(body).toContain(`Adresse: ${window.location.href}`);
    expect(body).toContain('Zeit: 2026-03-01T10:00:00.000Z');
    expect(body).toContain(`Browser: ${navigator.userAgent}`);
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Seite neu laden' })).toBeInTheDocument();
  });

  it('ignores a retry within 2 s of the error and clears the error after it', () => {
    render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    failing = false;
    retry();
    expect(screen.getByRole('heading', { name: 'Etwas ist schiefgelaufen' })).toBeInTheDocument();
    expect(screen.getByText('Bitte warte einen Moment, bevor du es erneut versuchst.')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    retry();
    expect(screen.queryByText('Alles gut')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    retry();
    expect(screen.getByText('Alles gut')).toBeInTheDocument();
  });

  it('allows 3 retries, shows the attempts left, then the reload/contact notice instead of the button', () => {
    render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    for (const left of [3, 2, 1]) {
      expect(screen.getByText(left === 1 ? 'Noch 1 Versuch' : `Noch ${left} Versuche`)).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(2000);
      });
      retry(); // still failing: the boundary catches again
      expect(screen.getByRole('heading', { name: 'Etwas ist schiefgelaufen' })).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'Das Problem besteht weiterhin. Bitte lade die Seite neu oder wende dich an den Support.',
      ),
    ).toBeInTheDocument();
  });
});
