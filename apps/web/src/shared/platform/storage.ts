import { Preferences } from '@capacitor/preferences';

/**
 * Key-value storage for the session: Capacitor Preferences (native: UserDefaults/SharedPreferences, web: its
 * localStorage implementation), falling back to session storage when Preferences is not usable (spec §4).
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
  clear(): Promise<void>;
}

function sessionStore(): KeyValueStore {
  return {
    get: async (key) => sessionStorage.getItem(key),
    set: async (key, value) => sessionStorage.setItem(key, value),
    remove: async (key) => sessionStorage.removeItem(key),
    clear: async () => sessionStorage.clear(),
  };
}

export const sessionStorageStore: KeyValueStore = sessionStore();

/** Preferences with the session-storage fallback: any failing Preferences call is answered by session storage. */
export function createPreferencesStore(fallback: KeyValueStore = sessionStorageStore): KeyValueStore {
  return {
    async get(key) {
      try {
        const { value } = await Preferences.get({ key });
        return value ?? (await fallback.get(key));
      } catch {
        return fallback.get(key);
      }
    },
    async set(key, value) {
      try {
        await Preferences.set({ key, value });
      } catch {
        await fallback.set(key, value);
      }
    },
    async remove(key) {
      try {
        await Preferences.remove({ key });
      } finally {
        await fallback.remove(key);
      }
    },
    async clear() {
      try {
        await Preferences.clear();
      } finally {
        await fallback.clear();
      }
    },
  };
}

export const preferences: KeyValueStore = createPreferencesStore();

/** A map-backed store for tests. */
export function memoryStore(
  initial: Record<string, string> = {},
): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: async (key) => data.get(key) ?? null,
    set: async (key, value) => void data.set(key, value),
    remove: async (key) => void data.delete(key),
    clear: async () => data.clear(),
  };
}
