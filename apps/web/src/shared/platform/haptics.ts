import { isNativePlatform } from './native.ts';

/**
 * A short success vibration (a registration went through): the Taptic Engine / Android haptics in the apps
 * (@capacitor/haptics, loaded there only), `navigator.vibrate` where a browser has it, else nothing.
 */
export async function hapticSuccess(): Promise<void> {
  try {
    if (isNativePlatform()) {
      const { Haptics, NotificationType } = await import('@capacitor/haptics');
      await Haptics.notification({ type: NotificationType.Success });
    } else if (typeof navigator.vibrate === 'function') navigator.vibrate([30, 40, 30]);
  } catch {
    // Haptics are a nicety.
  }
}
