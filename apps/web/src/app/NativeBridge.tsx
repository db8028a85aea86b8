import { useIonRouter } from '@ionic/react';
import { useEffect, useRef } from 'react';
import { useAuth } from '../shared/auth/session-context.tsx';
import { deepLinkRoute } from '../shared/platform/deep-links.ts';
import { isNativePlatform } from '../shared/platform/native.ts';

/**
 * The native apps' hooks into the router (inside IonReactRouter): deep links (custom scheme, App Links /
 * Universal Links) and tapped notifications open their route; Android's back button closes overlays and the
 * menu first (Ionic), goes back, and leaves the app at the root. Renders nothing; does nothing on the web.
 */
export function NativeBridge() {
  const router = useIonRouter();
  const routerRef = useRef(router);
  useEffect(() => {
    routerRef.current = router;
  }, [router]);
  const auth = useAuth();
  useEffect(() => {
    if (!isNativePlatform()) return;
    let stopped = false;
    const stops: (() => void)[] = [];
    void import('../shared/platform/native-app.ts').then((native) => {
      if (stopped) return;
      stops.push(
        native.onAppUrlOpen((url) => {
          const route = deepLinkRoute(url, auth.config.nativeRedirectUri);
          if (route) routerRef.current.push(route, 'forward');
        }),
        native.onNotificationTap((path) => routerRef.current.push(path, 'forward')),
        native.handleHardwareBackButton(() => !routerRef.current.canGoBack()),
      );
    });
    return () => {
      stopped = true;
      for (const stop of stops) stop();
    };
  }, [auth]);
  return null;
}
