import { KeychainAccess, SecureStorage } from '@aparajita/capacitor-secure-storage';
import type { KeyValueStore } from './storage.ts';

/**
 * The native apps' KeyValueStore on the device's secure storage (ADR 0002, 0007): the iOS Keychain
 * (kSecAttrAccessibleWhenUnlockedThisDeviceOnly, never synced to iCloud) and, on Android, values encrypted with
 * an AES key held in the Android Keystore, through @aparajita/capacitor-secure-storage. Loaded on native only.
 * Keys get the `vereinsheim_` prefix so that `clear()` removes only this app's entries.
 */
export async function createSecureStore(): Promise<KeyValueStore> {
  await SecureStorage.setKeyPrefix('vereinsheim_');
  await SecureStorage.setSynchronize(false);
  await SecureStorage.setDefaultKeychainAccess(KeychainAccess.whenUnlockedThisDeviceOnly);
  return {
    get: (key) => SecureStorage.getItem(key),
    set: (key, value) => SecureStorage.setItem(key, value),
    remove: (key) => SecureStorage.removeItem(key),
    clear: () => SecureStorage.clear(),
  };
}
