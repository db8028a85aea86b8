import { IonApp, IonRouterOutlet, IonSplitPane, setupIonicReact } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { pathTo, WEB_ROUTES } from '@vereinsheim/contracts/routes';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { Link, Route, useLocation } from 'react-router-dom';
import type { AuthService } from '../shared/auth/auth-service.ts';
import { AuthProvider } from '../shared/auth/session-context.tsx';
import { AppLinkContext } from '../shared/ui/AppLink.tsx';
import { OfflineNotice } from '../shared/ui/OfflineNotice.tsx';
import { MENU_BESIDE_PAGE_QUERY, SideMenu } from './menu/SideMenu.tsx';
import { TabBar } from './menu/TabBar.tsx';
import { revealShell } from '../shared/ui/first-screen.ts';
import { NativeBridge } from './NativeBridge.tsx';
import { invalidateOnLanguageChange, releaseQueryClient, takePreparedQueryClient } from './query-client.ts';
import { RouteGate } from './RouteGate.tsx';
import { PAGE_ROUTE_IDS, routeView } from './routes.tsx';
import { LoadingScreen } from './screens/LoadingScreen.tsx';
import { trackPageView } from './telemetry.ts';

import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/flex-utils.css';
import '@ionic/react/css/display.css';
import '@ionic/react/css/palettes/dark.system.css';
import './shell.css';

setupIonicReact();

const NotFoundPage = lazy(() => import('./screens/NotFoundPage.tsx'));

/** One page view per route change (spec §7). */
function PageViews() {
  const { pathname } = useLocation();
  useEffect(() => trackPageView(pathname), [pathname]);
  // The dashboard's first screen covers the shell only while the shell shows the dashboard (first-screen.ts).
  useEffect(() => {
    if (pathname !== pathTo('dashboard')) revealShell();
  }, [pathname]);
  return null;
}

/**
 * The signed-in app: Ionic, router, menu, tab bar and the lazily loaded pages. Loaded only after sign-in. Memoised:
 * Bootstrap renders again when the shell takes over from the first screen, and the shell's tree need not.
 */
export default memo(function AppShell({ auth }: { auth: AuthService }) {
  // Prepared at start-up when the dashboard's data was asked for beside the shell's code (Bootstrap).
  const [queryClient] = useState(takePreparedQueryClient);
  useEffect(() => invalidateOnLanguageChange(queryClient), [queryClient]);
  useEffect(() => () => releaseQueryClient(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider auth={auth}>
        <IonApp>
          <IonReactRouter>
            <AppLinkContext.Provider value={Link}>
              <PageViews />
              <NativeBridge />
              <IonSplitPane contentId="main" when={MENU_BESIDE_PAGE_QUERY}>
                <SideMenu />
                <IonRouterOutlet id="main">
                  {PAGE_ROUTE_IDS.flatMap((id) => {
                    const { page: Page, gate } = routeView(id);
                    return WEB_ROUTES[id].map((path) => (
                      <Route
                        key={path}
                        path={path}
                        caseSensitive
                        element={
                          <RouteGate gate={gate}>
                            <Suspense fallback={<LoadingScreen />}>
                              <Page />
                            </Suspense>
                          </RouteGate>
                        }
                      />
                    ));
                  })}
                  <Route
                    path="*"
                    element={
                      <Suspense fallback={<LoadingScreen />}>
                        <NotFoundPage />
                      </Suspense>
                    }
                  />
                </IonRouterOutlet>
              </IonSplitPane>
              <TabBar />
              <OfflineNotice />
            </AppLinkContext.Provider>
          </IonReactRouter>
        </IonApp>
      </AuthProvider>
    </QueryClientProvider>
  );
});
