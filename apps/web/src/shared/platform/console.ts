/** Production builds silence console.log/debug/info/trace at start-up (spec §9); warn and error stay. */
export function silenceConsole(enabled: boolean, target: Console = console): void {
  if (!enabled) return;
  const noop = () => {};
  target.log = noop;
  target.debug = noop;
  target.info = noop;
  target.trace = noop;
}
