import { appConfig } from '../config/app-config.ts';
import { isNativePlatform } from '../platform/native.ts';

/**
 * The address of an image the API names by a root-relative path (`/media/…`): unchanged on the web (same origin);
 * in the iOS/Android apps, whose web view has its own origin, on the portal server's origin.
 */
export function mediaUrl<T extends string | null | undefined>(
  url: T,
  native: boolean = isNativePlatform(),
): T | string {
  if (!native || typeof url !== 'string' || !/^\/(?!\/)/.test(url)) return url;
  try {
    return new URL(url, appConfig().apiBaseUrl).href;
  } catch {
    return url;
  }
}
