import { App, type URLOpenListenerEvent } from '@capacitor/app';
import { Browser } from '@capacitor/browser';
import { Keyboard, KeyboardResize } from '@capacitor/keyboard';
import { PushNotifications } from '@capacitor/push-notifications';
import { StatusBar, Style } from '@capacitor/status-bar';
import { isNativePlatform } from './native.ts';

/**
 * The native apps' system integration behind small adapters, each with a web fallback (spec §1, issue 13):
 * the system browser for sign-in (RFC 8252: never a web view), URLs the app is opened with (custom scheme,
 * App Links / Universal Links), notification taps, the hardware back button, haptics, status bar and keyboard.
 */

type Unsubscribe = () => void;
const noop: Unsubscribe = () => undefined;

/** Listens to a Capacitor plugin event; the returned function removes the listener (also before it resolved). */
function listen(add: () => Promise<{ remove: () => Promise<void> }>): Unsubscribe {
  let removed = false;
  let handle: { remove: () => Promise<void> } | undefined;
  void add().then((h) => {
    handle = h;
    if (removed) void h.remove();
  });
  return () => {
    removed = true;
    void handle?.remove();
  };
}

/** Opens a URL in the system browser (Custom Tabs / SFSafariViewController); the web leaves the page. */
export async function openInSystemBrowser(url: string): Promise<void> {
  if (!isNativePlatform()) {
    window.location.assign(url);
    return;
  }
  await Browser.open({ url, presentationStyle: 'fullscreen', windowName: '_self' });
}

/** Closes the system browser sheet again (iOS; Android's Custom Tab closes when the app takes the intent). */
export async function closeSystemBrowser(): Promise<void> {
  if (!isNativePlatform()) return;
  await Browser.close().catch(() => undefined);
}

/** URLs the app is opened with: the sign-in/sign-out redirects and deep links. Nothing on the web. */
export function onAppUrlOpen(handler: (url: string) => void): Unsubscribe {
  if (!isNativePlatform()) return noop;
  return listen(() => App.addListener('appUrlOpen', (event: URLOpenListenerEvent) => handler(event.url)));
}

/** The in-app route a notification carries (`url` in the FCM data / next to `aps`), when it is tapped. */
export function onNotificationTap(handler: (path: string) => void): Unsubscribe {
  if (!isNativePlatform()) return noop;
  return listen(() =>
    PushNotifications.addListener('pushNotificationActionPerformed', (action) => {
      const data = action.notification.data as Record<string, unknown> | undefined;
      const url = typeof data?.url === 'string' ? data.url : '/messages';
      handler(/^\/(?!\/)/.test(url) ? url : '/messages');
    }),
  );
}

/**
 * Android's back button: with a `backButton` listener Capacitor hands the press to Ionic (`ionBackButton`), which
 * closes an open overlay (priority 100) or the menu (99) and else navigates back (0). `atRoot` is asked last
 * (priority -1): true leaves the app. Nothing on the web or iOS.
 */
export function handleHardwareBackButton(atRoot: () => boolean): Unsubscribe {
  if (!isNativePlatform()) return noop;
  const stopCapacitor = listen(() => App.addListener('backButton', () => undefined));
  const onIonBack = (event: Event) => {
    (event as CustomEvent<{ register: (priority: number, handler: () => void) => void }>).detail.register(
      -1,
      () => {
        if (atRoot()) void App.exitApp();
      },
    );
  };
  document.addEventListener('ionBackButton', onIonBack);
  return () => {
    stopCapacitor();
    document.removeEventListener('ionBackButton', onIonBack);
  };
}

/**
 * Status bar and keyboard once at start-up: the web view reaches under the status bar (the app pads with
 * `env(safe-area-inset-*)`), the bar's text follows the colour scheme, and the web view shrinks above the
 * keyboard so the focused input stays visible. Nothing on the web.
 */
export async function configureNativeChrome(): Promise<void> {
  if (!isNativePlatform()) return;
  const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  await Promise.allSettled([
    StatusBar.setOverlaysWebView({ overlay: true }),
    StatusBar.setStyle({ style: dark ? Style.Dark : Style.Light }),
    Keyboard.setResizeMode({ mode: KeyboardResize.Native }),
    Keyboard.setScroll({ isDisabled: false }),
  ]);
}
