import { useSyncExternalStore } from 'react';

/** The bottom tab bar (#myTabBar) can be hidden and shown, e.g. by a full-screen chat. */
let visible = true;
const listeners = new Set<() => void>();

export function setTabBarVisible(next: boolean): void {
  if (visible === next) return;
  visible = next;
  for (const listener of listeners) listener();
}

export function useTabBarVisible(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => visible,
  );
}
