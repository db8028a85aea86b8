import { isNativePlatform } from './native.ts';
import { preferences } from './storage.ts';

/**
 * Optional biometric unlock of the stored session in the apps (Face ID / Touch ID / Android BiometricPrompt,
 * @aparajita/capacitor-biometric-auth, loaded on native only): when switched on (on /account), the token record is
 * used at start-up only after the person has unlocked. Off and unavailable on the web.
 */
export const BIOMETRIC_UNLOCK_KEY = 'vereinsheim_biometric_unlock';

const plugin = async () => (await import('@aparajita/capacitor-biometric-auth')).BiometricAuth;

/** Whether the device can unlock with biometrics (enrolled). */
export async function biometricUnlockAvailable(): Promise<boolean> {
  if (!isNativePlatform()) return false;
  try {
    return (await (await plugin()).checkBiometry()).isAvailable;
  } catch {
    return false;
  }
}

export async function isBiometricUnlockOn(): Promise<boolean> {
  return (await preferences.get(BIOMETRIC_UNLOCK_KEY)) === '1';
}

/** Asks for biometrics (with the device passcode as fallback); false when refused, cancelled or failed. */
async function authenticate(reason: string): Promise<boolean> {
  try {
    await (await plugin()).authenticate({ reason, androidTitle: reason, allowDeviceCredential: true });
    return true;
  } catch {
    return false;
  }
}

/** Switches the unlock on (after one successful unlock) or off; resolves the new state. */
export async function setBiometricUnlock(on: boolean, reason: string): Promise<boolean> {
  if (!on) {
    await preferences.remove(BIOMETRIC_UNLOCK_KEY);
    return false;
  }
  if (!(await biometricUnlockAvailable()) || !(await authenticate(reason))) return false;
  await preferences.set(BIOMETRIC_UNLOCK_KEY, '1');
  return true;
}

/** Start-up gate: true when the unlock is off, or the person unlocked. */
export async function unlockStoredSession(reason: string): Promise<boolean> {
  if (!isNativePlatform() || !(await isBiometricUnlockOn())) return true;
  return authenticate(reason);
}
