import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { BFF_PATHS } from '@vereinsheim/contracts/session';
import { PRERENDERED_LOADING, PRERENDERED_SIGNED_OUT } from './src/app/prerender/marker.ts';
import type * as DrawnScreens from './src/app/prerender/screens.tsx';
import { LANGUAGES, type Language } from './src/shared/i18n/languages.ts';

const backend = process.env.VEREINSHEIM_BACKEND ?? 'http://localhost:3000';

/**
 * Ionic elements whose code stays out of the signed-in shell (ADR 0027). @ionic/react imports the definition of every
 * element it wraps, and some of its own components are kept by the bundler even when unused (IonNav, the tabs), so
 * their elements load with the shell. For these elements its import gets an empty `defineCustomElement`;
 * src/shared/ui/ionic/ defines the ones the app uses where they are used: ion-modal and ion-back-button in the chunks of
 * the pages that show them (modal.ts, back-button.ts, the only way to import IonModal and IonBackButton), ion-alert and
 * ion-toast when the first one shows (use-ion-alert.ts, use-ion-toast.ts). The app uses no tabs and no ion-nav.
 * ESLint keeps pages from importing any of them from @ionic/react. Dev and tests keep @ionic/react's own definitions.
 */
const DEFINED_OUTSIDE_IONIC_REACT = [
  'ion-modal',
  'ion-back-button',
  'ion-alert',
  'ion-toast',
  'ion-nav',
  'ion-tabs',
  'ion-tab-bar',
  'ion-tab-button',
];

function ionicElementsOutOfTheShell(): Plugin {
  const stub = '\0vereinsheim:ionic-react-stub';
  const stubbed = new Set(DEFINED_OUTSIDE_IONIC_REACT.map((tag) => `@ionic/core/components/${tag}.js`));
  return {
    name: 'vereinsheim:ionic-elements-out-of-the-shell',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (stubbed.has(source) && importer?.includes('/@ionic/react/dist/')) return stub;
      return null;
    },
    load(id) {
      return id === stub ? 'export function defineCustomElement() {}' : null;
    },
  };
}

/** The page the server sends on the web (apps/server/src/plugins/web.ts); the native apps load index.html. */
const WEB_INDEX = 'index.web.html';

/**
 * dist/index.web.html: index.html with the start-up's two requests (GET /bff/session and /app-config.json,
 * app/Bootstrap.tsx) preloaded by the page itself, so that they are on their way while the entry script loads
 * instead of after it has run (issue 14 §6). The start-up's `fetch` takes the preloaded answers: same URL,
 * CORS mode and credentials (`crossorigin` = same-origin), and neither request needs its headers (GET
 * /bff/session asks for no CSRF header, spec: safe methods). index.html itself stays without them: the
 * iOS/Android apps load it from the device, where these paths are not the portal's (and ask for no
 * /bff/session), and the server sends it to /signed-out, which reads no session.
 */
function startRequestsWithThePage(): Plugin {
  const preloads = [BFF_PATHS.session, '/app-config.json']
    .map((href) => `<link rel="preload" href="${href}" as="fetch" crossorigin>`)
    .join('\n    ');
  return {
    name: 'vereinsheim:start-requests-with-the-page',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') throw new Error('index.html is not in the bundle');
      const html = String(index.source);
      if (!html.includes('</title>')) throw new Error('index.html has no </title> to put the preloads after');
      const webIndex = html.replace('</title>', `</title>\n    ${preloads}`);
      this.emitFile({ type: 'asset', fileName: WEB_INDEX, source: webIndex });
      const { module: screens } = await runnerImport<typeof DrawnScreens>(DRAWN_SCREENS, {
        configFile: false,
        logLevel: 'error',
      });
      const drawn = [
        [PRERENDERED_SIGNED_OUT, screens.renderSignedOutScreen],
        [PRERENDERED_LOADING, screens.renderLoadingScreen],
      ] as const;
      for (const language of LANGUAGES)
        for (const [screen, render] of drawn) {
          const page = withScreen(
            webIndex,
            language,
            screen,
            await render(language),
            screens.pageDescription(language),
          );
          this.emitFile({ type: 'asset', fileName: drawnPage(screen, language), source: page });
          if (screen === PRERENDERED_LOADING)
            this.emitFile({
              type: 'asset',
              fileName: drawnPage(DASHBOARD_PAGE, language),
              source: withFirstScreenPreloaded(page, firstScreenFiles(bundle, language)),
            });
        }
    },
  };
}

/** The screens drawn in at build time (ADR 0052), rendered by Vite's module runner. */
const DRAWN_SCREENS = fileURLToPath(new URL('./src/app/prerender/screens.tsx', import.meta.url));

/**
 * The pages with a screen drawn in (ADR 0052): `index.signed-out.de.html`, `index.loading.en.html`, …; the
 * server's names (apps/server/src/plugins/web.ts).
 */
const drawnPage = (screen: string, language: string) => `index.${screen}.${language}.html`;

/**
 * index.web.html with `screen`'s markup in #root, marked for the start-up (main.tsx), in `language`, with the page's
 * description in that language. React puts the resource hints it found (the brand's image) before the markup; they
 * go into the head, where they belong, so that #root holds exactly what the start-up's first render draws.
 *
 * On the signed-out page the entry's scripts are asked for with `fetchpriority="low"`: the screen needs only the
 * HTML and the style sheet, the scripts make its button work. At their default priority (High) the browser would
 * load them as urgently as the style sheet the paint waits for, and Lighthouse counts a High script requested
 * before the first paint as render-blocking. The loading screen keeps them at High: what it waits for is theirs.
 */
function withScreen(
  webIndex: string,
  language: Language,
  screen: string,
  rendered: string,
  description: string,
): string {
  const [, hints = '', markup = ''] = /^((?:<link[^>]*>)*)([\s\S]*)$/.exec(rendered) ?? [];
  const root = '<div id="root"></div>';
  const descriptionMeta = /<meta name="description" content="[^"]*" \/>/;
  const entryScript = '<script type="module" crossorigin ';
  const modulePreload = '<link rel="modulepreload" crossorigin ';
  if (
    !webIndex.includes(root) ||
    !webIndex.includes('<html lang="de">') ||
    !webIndex.includes(entryScript) ||
    !markup.startsWith('<main') ||
    !descriptionMeta.test(webIndex)
  )
    throw new Error('index.html or the drawn screen is not as the pre-render expects');
  const page = webIndex
    .replace('<html lang="de">', `<html lang="${language}">`)
    .replace(descriptionMeta, `<meta name="description" content="${escapeAttribute(description)}" />`)
    .replace('</title>', hints ? `</title>\n    ${hints}` : '</title>')
    .replace(root, `<div id="root" data-prerendered="${screen}">${markup}</div>`);
  return screen === PRERENDERED_SIGNED_OUT
    ? page
        .replace(entryScript, `${entryScript}fetchpriority="low" `)
        .replaceAll(modulePreload, `${modulePreload}fetchpriority="low" `)
    : page;
}

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * The dashboard's page for a returning member (`index.dashboard.de.html`, …): the loading screen's page, which also
 * asks for what the dashboard's first screen loads (apps/server/src/plugins/web.ts sends it to `/` with a session
 * cookie).
 */
const DASHBOARD_PAGE = 'dashboard';

/** Modules the start-up loads for the first screen besides FIRST_SCREEN_ROOTS: the club selection's storage. */
const FIRST_SCREEN_LOADS = ['/node_modules/@capacitor/preferences/dist/esm/web.js'];

/**
 * The built chunks of `bundle` and its entry chunk; `reachable(start, follow)` is `start` with every chunk they
 * import, statically and, where `follow` says so for the chunk loaded, dynamically.
 */
function chunkGraph(bundle: Rolldown.OutputBundle) {
  const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The build has no entry chunk');
  const reachable = (
    start: Rolldown.OutputChunk[],
    follow: (loaded: Rolldown.OutputChunk) => boolean = () => false,
  ) => {
    const seen = new Set<Rolldown.OutputChunk>();
    const visit = (chunk: Rolldown.OutputChunk) => {
      if (seen.has(chunk)) return;
      seen.add(chunk);
      for (const file of chunk.imports) visit(byFile.get(file)!);
      for (const file of chunk.dynamicImports) {
        const loaded = byFile.get(file);
        if (loaded && follow(loaded)) visit(loaded);
      }
    };
    start.forEach(visit);
    return seen;
  };
  return { chunks, entry, reachable };
}

/**
 * The built files the dashboard's first screen loads after the entry, in `language` (issue 14 §6): the chunks of
 * FIRST_SCREEN_ROOTS and FIRST_SCREEN_LOADS with the chunks they import that the entry does not bring, their style
 * sheets, and the `shell` and `dashboard` texts (app/Bootstrap.tsx, preloadSignedIn). The data's code first, as the
 * start-up asks for it.
 */
function firstScreenFiles(
  bundle: Rolldown.OutputBundle,
  language: Language,
): { scripts: string[]; styles: string[] } {
  const { chunks, entry, reachable } = chunkGraph(bundle);
  const loadedWithTheEntry = reachable([entry]);
  const modules = [
    ...FIRST_SCREEN_ROOTS,
    ...FIRST_SCREEN_LOADS,
    `/src/locales/${language}/shell.json`,
    `/src/locales/${language}/dashboard.json`,
  ];
  const roots = modules.map((suffix) => {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(suffix));
    if (!chunk) throw new Error(`The dashboard's page: no chunk for ${suffix}`);
    return chunk;
  });
  const loaded = [...reachable(roots)].filter((chunk) => !loadedWithTheEntry.has(chunk));
  return {
    scripts: loaded.map((chunk) => chunk.fileName),
    styles: [...new Set(loaded.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))],
  };
}

/**
 * The loading screen's page with the first screen's files asked for by the page itself: while the entry's
 * scripts load and run (about a second on a slow phone), the line would otherwise stand idle, and the first
 * screen's code would be asked for only once the script has read the session. At low priority, so that they
 * come after the entry's scripts and its style sheet, which the loading screen and the start-up wait for.
 */
function withFirstScreenPreloaded(page: string, files: { scripts: string[]; styles: string[] }): string {
  const links = [
    ...files.scripts.map(
      (file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`,
    ),
    // crossorigin as on the start-up's own <link rel="stylesheet">: a preload in another credentials mode is not
    // used, and the style sheet is fetched twice.
    ...files.styles.map(
      (file) => `<link rel="preload" as="style" crossorigin fetchpriority="low" href="/${file}">`,
    ),
  ];
  if (!page.includes('</head>'))
    throw new Error('The loading page has no </head> to put the preloads before');
  return page.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

/** The modules of the first screen's chunk (firstScreenChunk): found when the build has read every module. */
const firstScreenModules = new Set<string>();

/** What the start-up loads for the dashboard's first screen (app/Bootstrap.tsx, preloadSignedIn). */
const FIRST_SCREEN_ROOTS = [
  '/src/features/dashboard/api/prefetch.ts',
  '/src/app/query-client.ts',
  '/src/app/screens/FirstScreen.tsx',
];

/**
 * The first screen's modules in one chunk (issue 14 §6; ADR 0027, amendment of 2026-11-29). Left to Rolldown, the
 * modules the start-up loads for the first screen fell into 22 chunks by which lazy parts share them, so the
 * first screen waited for 25 scripts. On a slow line each wave of requests costs a round trip, and a browser
 * opens six connections to a server speaking HTTP/1.1. This plugin finds the modules statically imported by
 * FIRST_SCREEN_ROOTS and not by the entry; the `first-screen` group (build.rolldownOptions) puts them into one
 * chunk. The roots stay chunks of their own (a few hundred bytes each), so that each is still loaded on its
 * own and named in the manifest (scripts/size.mjs).
 */
function firstScreenChunk(): Plugin {
  return {
    name: 'vereinsheim:first-screen-chunk',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      const find = (suffix: string) => {
        const id = ids.find((m) => m.endsWith(suffix));
        if (!id) throw new Error(`The first screen's chunk: ${suffix} is not in the build.`);
        return id;
      };
      /** The modules statically imported from `roots`, the roots included. */
      const reach = (roots: string[]) => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const entry = reach([find('/src/main.tsx')]);
      const roots = FIRST_SCREEN_ROOTS.map(find);
      firstScreenModules.clear();
      for (const id of reach(roots)) if (!entry.has(id) && !roots.includes(id)) firstScreenModules.add(id);
    },
  };
}

/** V8's explicit compile hint (Chromium 136+): compile every function of this script while it streams in. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** A route's page (app/routes.tsx loads each lazily): `/src/features/<feature>/pages/<Page>.tsx`. */
const PAGE_MODULE = /\/src\/features\/[^/]+\/pages\/[^/]+\.tsx$/;

/** The page a signed-in start opens on; its chunk is part of the start-up (app/Bootstrap.tsx, preloadSignedIn). */
const START_PAGE = '/src/features/dashboard/pages/DashboardPage.tsx';

/**
 * The start-up's scripts are compiled by the engine while they arrive, beside the main thread, instead of function
 * by function on each one's first call (issue 14 §6; ADR 0055). A trace of a returning member's cold dashboard
 * load put 250–340 ms of the main thread (unthrottled; about four times that on a slow phone) in compiling
 * functions lazily, nearly a third of its work; with the hint it was 25–120 ms. A magic comment at the top of a
 * script asks for it; an engine that does not know it reads a comment.
 *
 * The start-up's chunks carry it: the entry's and every chunk reachable from it through static and dynamic
 * imports, except through the chunk of a route's page other than the dashboard's. That is the start-up, the
 * first screen, the shell with what it loads on demand (Ionic's elements, the club selection), and the texts.
 * Most of their functions run on every start. A page's chunk, and the libraries only pages load, are compiled
 * lazily as before: loaded on navigation, many of their functions never run.
 */
function compileTheStartUpEarly(): Plugin {
  return {
    name: 'vereinsheim:compile-the-start-up-early',
    apply: 'build',
    enforce: 'post',
    // After Vite's own post-processing, which puts its map of preloaded files first in a chunk.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const { entry, reachable } = chunkGraph(bundle);
        const startUp = reachable([entry], (loaded) => {
          const id = loaded.facadeModuleId ?? '';
          return !PAGE_MODULE.test(id) || id.endsWith(START_PAGE);
        });
        if (![...startUp].some((chunk) => chunk.facadeModuleId?.endsWith(START_PAGE)))
          throw new Error(`The start-up's compile hints: ${START_PAGE} is not among its chunks`);
        for (const chunk of startUp) chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
      },
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    ionicElementsOutOfTheShell(),
    startRequestsWithThePage(),
    firstScreenChunk(),
    compileTheStartUpEarly(),
    // The installable web app: manifest (icons from assets/logo.svg, scripts/generate-assets.mjs) and the service
    // worker src/sw.ts with the precache list of this build. Registered by main.tsx on the web only.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'autoUpdate',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Vereinsheim',
        short_name: 'Vereinsheim',
        description: 'Das Mitgliederportal deines Sportvereins',
        lang: 'de',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#1d6b3a',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The signed-in shell chunk (Ionic) is large; it must be in the offline shell.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  define: {
    __SILENCE_CONSOLE__: JSON.stringify(mode === 'production'),
    // The iOS/Android apps load /app-config.json from this server (docs/native.md); unused on the web.
    __NATIVE_SERVER_URL__: JSON.stringify(process.env.VEREINSHEIM_SERVER_URL ?? 'http://localhost:3000'),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/bff': backend,
      '/signin-oidc': backend,
      '/oidc': backend,
      '/media': backend,
      '/app-config.json': backend,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: the chunk graph, read by scripts/size.mjs to measure the signed-in dashboard's path.
    manifest: true,
    // Module preload of lazy chunks is resolved at run time; only the entry's static imports load up front.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // firstScreenChunk: its modules' imports stay where they are (the entry's in the entry chunk).
          groups: [
            {
              name: 'first-screen',
              test: (id: string) => firstScreenModules.has(id),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
      treeshake: {
        // Ionic's component modules (Stencil output) and ionicons carry no sideEffects flag, so Rolldown keeps every
        // component class. Their only side effect is defining the element, which the React wrappers do on use.
        moduleSideEffects: (id: string) =>
          !/node_modules\/(@ionic\/core\/components|@ionic\/react\/dist|ionicons\/components|@stencil\/react-output-target)\/.*\.js$/.test(
            id,
          ),
      },
    },
  },
}));
