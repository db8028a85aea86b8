import { pathTo } from '@vereinsheim/contracts/routes';
import { isNativePlatform } from '../platform/native.ts';

/*
 * The dashboard's first screen (ADR 0027 amendment of 2026-11-28, afternoon). On the web, a returning member who
 * opens the dashboard sees it drawn from plain elements (app/screens/FirstScreen.tsx) before the Ionic shell has
 * loaded: its first paint needs the entry's JavaScript and a small chunk, not the shell's. The shell loads after
 * it and renders underneath, hidden; once the shell's dashboard shows what the first screen shows (or at the latest
 * REVEAL_AT_LATEST_MS after it mounted, or at once when the shell shows another page), it calls `revealShell` and
 * Bootstrap takes the first screen away. The shell's dashboard draws the same sections
 * (features/dashboard/components/DashboardSections.tsx), so nothing moves when it takes over.
 */

/** Whether a page load on `pathname` starts with the first screen: the dashboard, on the web. */
export function startsWithFirstScreen(pathname: string): boolean {
  return pathname === pathTo('dashboard') && !isNativePlatform();
}

/**
 * The shell's code is asked for once the first screen shows the dashboard's clubs and next events, so that neither
 * its download nor its parsing delays them on a slow line; at the latest this long after the first screen appeared.
 */
export const SHELL_AFTER_FIRST_SCREEN_MAX_MS = 3000;

let markShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => (markShown = resolve));

/** The first screen shows what it shows once loaded (or has waited long enough for it): the shell may load. */
export function firstScreenShown(): void {
  markShown();
}

/**
 * Calls `callback` once the frame being prepared now has been painted: the next frame's animation callback runs
 * after it was produced, and a task after that keeps the callback out of that next frame too. Returns a cancel.
 * The first screen asks for the shell's code this way: asked for inside the frame that draws the next events,
 * the shell's requests and parsing start before that frame is painted, and a page load's largest paint then
 * counts them (issue 14 §6).
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      timer = setTimeout(callback, 0);
    });
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Resolves once the first screen has been shown (firstScreenShown). */
export function whenFirstScreenShown(): Promise<void> {
  return shown;
}

let covering = false;

/** The start-up chose the first screen for this page load: until revealShell, the shell renders beneath it, hidden. */
export function coverShell(): void {
  covering = true;
}

/**
 * Whether the shell renders beneath the first screen now. Its dashboard then renders its content in a transition
 * after the page's frame (DashboardPage), which React splits into short tasks: nobody sees it until the takeover.
 */
export function shellCovered(): boolean {
  return covering;
}

/** The shell's dashboard takes over this long after it mounted even when its data has not answered yet. */
export const REVEAL_AT_LATEST_MS = 5000;

let revealing = false;
let markRevealed: () => void = () => undefined;
const revealed = new Promise<void>((resolve) => (markRevealed = resolve));

const nextFrame = () =>
  new Promise<void>((resolve) =>
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => resolve())
      : setTimeout(resolve, 16),
  );

/** The parts of Ionic's content element used here. */
type IonContentElement = HTMLElement & {
  componentOnReady?: () => Promise<unknown>;
  scrollToPoint?: (x: number, y: number, duration: number) => Promise<void>;
};

/**
 * The shell's dashboard shows its content: once Ionic has drawn its page (the page's ion-content ready, not the
 * menu's) and two frames have been painted, the first screen goes. Where the member had scrolled the first screen
 * to, the shell's page is scrolled to first, so the takeover does not jump back to the top. Once per page load.
 */
export function revealShell(): void {
  if (revealing) return;
  revealing = true;
  const content = document.querySelector<IonContentElement>('ion-router-outlet .ion-page ion-content');
  void Promise.resolve(content?.componentOnReady?.())
    .then(nextFrame)
    .then(nextFrame)
    .then(async () => {
      const top = document.querySelector('.vh-first-content')?.scrollTop ?? 0;
      if (top > 0) await content?.scrollToPoint?.(0, top, 0);
    })
    .catch(() => undefined)
    .then(() => {
      covering = false;
      markRevealed();
    });
}

/** Resolves once the shell has been revealed (revealShell). */
export function whenShellRevealed(): Promise<void> {
  return revealed;
}
