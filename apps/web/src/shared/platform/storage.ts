import { Preferences } from '@capacitor/preferences';

/**
 * Key-value storage: Capacitor Preferences (native: UserDefaults/SharedPreferences, web: its localStorage
 * implementation), falling back to session storage when Preferences is not usable (spec §4). The web app keeps
 * no token here (ADR 0009: its tokens stay on the server); the native apps keep their token record in
 * `nativeTokenStore`.
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

/** A store created on first use (its module is loaded only then). */
export function lazyStore(create: () => Promise<KeyValueStore>): KeyValueStore {
  let store: Promise<KeyValueStore> | undefined;
  const get = () => {
    store ??= create().catch((error: unknown) => {
      store = undefined;
      throw error;
    });
    return store;
  };
  return {
    get: async (key) => (await get()).get(key),
    set: async (key, value) => (await get()).set(key, value),
    remove: async (key) => (await get()).remove(key),
    clear: async () => (await get()).clear(),
  };
}

/**
 * Where the native apps keep the spec §3 token record (refresh token included) and the PKCE verifier: the iOS
 * Keychain / Android Keystore-encrypted storage (secure-storage.ts, loaded on native only). The session code
 * (shared/auth/token-auth.ts) only sees this interface.
 */
export const nativeTokenStore: KeyValueStore = lazyStore(() =>
  import('./secure-storage.ts').then((module) => module.createSecureStore()),
);

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
