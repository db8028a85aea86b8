import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { onTestFinished } from 'vitest';

/** The page as the server sends it with a screen drawn in (ADR 0052): `markup` in #root, before any script. */
export function drawnPage(markup: string): HTMLElement {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = markup;
  document.body.append(container);
  onTestFinished(() => {
    document.body.innerHTML = '';
  });
  return container;
}

/**
 * React takes the drawn screen over with `element`, as main.tsx does. Returns the errors React recovered from (a
 * drawn screen it threw away to draw anew); the root is unmounted when the test ends.
 */
export async function hydrateDrawn(container: HTMLElement, element: ReactElement): Promise<unknown[]> {
  const recoverable: unknown[] = [];
  await act(async () => {
    const root = hydrateRoot(container, element, { onRecoverableError: (error) => recoverable.push(error) });
    onTestFinished(() => act(() => root.unmount()));
  });
  return recoverable;
}
