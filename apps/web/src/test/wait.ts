/**
 * For `vi.waitFor`: Vitest gives up after 1 s by default and has no global setting for it (setup.ts raises only
 * Testing Library's findBy…/waitFor). On the 2-core CI machine under a full test run a token exchange through MSW or
 * a first render took longer than that. What is awaited is unchanged.
 */
export const SLOW_MACHINE = { timeout: 5_000 } as const;

/** A promise the test settles when it wants (e.g. a response held back until the test lets it go). */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}
