// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// Web import boundaries (apps/web/README.md "Import boundaries"): shared ← features ← app, features never import each
// other. One zone per feature folder, so a new feature is covered without touching this file.
const web = (dir) => path.join(import.meta.dirname, 'apps/web/src', dir);
const webFeatures = fs
  .readdirSync(web('features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  {
    target: web('shared'),
    from: [web('features'), web('app')],
    message:
      'shared/ is used by features and app, it never imports them: move the code to shared/ or pass it in.',
  },
  {
    target: web('features'),
    from: web('app'),
    message: 'features/ never import app/: the app composes features (props, children, route table).',
  },
  ...webFeatures.map((feature) => ({
    target: web(`features/${feature}`),
    from: web('features'),
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: move what both need to shared/, or compose them in app/.',
  })),
];

// @ionic/react is one module: whatever any page imports from it loads with the signed-in shell. These components and
// hooks come from apps/web/src/shared/ui/ionic/ instead (one file each, so they land in the chunks of the pages that
// use them; ADR 0027). IonNav, the tabs and the overlays without a file there are not used; their elements are not
// defined in the build (vite.config.ts) or would load with the shell, so add a file there first.
const ionicOutsideTheShell = [
  'IonInput',
  'IonTextarea',
  'IonSelect',
  'IonSelectOption',
  'IonCheckbox',
  'IonToggle',
  'IonRadio',
  'IonRadioGroup',
  'IonSearchbar',
  'IonSegment',
  'IonSegmentButton',
  'IonChip',
  'IonCardHeader',
  'IonCardTitle',
  'IonCardSubtitle',
  'IonCardContent',
  'IonAvatar',
  'IonThumbnail',
  'IonProgressBar',
  'IonInfiniteScroll',
  'IonInfiniteScrollContent',
  'IonText',
  'IonNote',
  'IonListHeader',
  'IonRefresher',
  'IonRefresherContent',
  'IonModal',
  'IonBackButton',
  'useIonAlert',
  'useIonToast',
  'IonAlert',
  'IonToast',
  'IonNav',
  'IonTabs',
  'IonTabBar',
  'IonTabButton',
  'IonDatetime',
  'IonPopover',
  'IonActionSheet',
  'IonLoading',
  'useIonModal',
  'useIonPopover',
  'useIonActionSheet',
  'useIonLoading',
];

const root = import.meta.dirname;
const server = path.join(root, 'apps/server/src');
const serverModules = fs
  .readdirSync(path.join(server, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const moduleIndex = `${server}/modules/*/index.ts`;

/**
 * Server boundaries (docs/ARCHITECTURE.md): infrastructure (plugins, lib, policy, db) never imports a
 * domain module; a module reaches another module, and identity/seed/app reach modules, only through
 * that module's index.ts.
 */
const serverBoundaries = {
  files: ['apps/server/**/*.ts'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
    // Without these the cycle check skips TypeScript files (it parses only .js by default).
    'import-x/extensions': ['.ts', '.js'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
  },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: root,
        zones: [
          {
            target: ['plugins', 'lib', 'policy', 'db', 'config.ts'].map((dir) => path.join(server, dir)),
            from: path.join(server, 'modules'),
            message: 'Infrastructure must not depend on a domain module; inject what it needs (see app.ts).',
          },
          ...serverModules.map((name) => ({
            target: path.join(server, 'modules', name),
            from: `${server}/modules/**/*`,
            except: [`${server}/modules/${name}/**/*`, moduleIndex],
            message: `Import another module only through its index.ts.`,
          })),
          {
            // The document worker thread (ADR 0036) loads only what it renders: a module's document template, never
            // a module's index.ts with its routes, services and database code.
            target: path.join(server, 'documents'),
            from: `${server}/modules/**/*`,
            except: [`${server}/modules/invoices/invoice-pdf.ts*`],
            message: 'The document worker imports only document templates (ADR 0036).',
          },
          {
            target: [
              path.join(server, 'identity'),
              path.join(server, 'seed'),
              path.join(server, 'app.ts'),
              path.join(root, 'apps/server/test'),
            ],
            from: `${server}/modules/**/*`,
            except: [moduleIndex],
            message: 'Import a module only through its index.ts.',
          },
        ],
      },
    ],
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/.test-data/**',
      'apps/web/android/**',
      'apps/web/ios/**',
      'apps/web/public/**',
      'apps/server/src/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins and handlers are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests read untyped JSON bodies (`res.json()`) and assert on them; the unsafe-any rules add noise, not safety.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', '**/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Web import boundaries and no import cycles in the web app (eslint-plugin-import-x).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/shared/ui/ionic/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@ionic/react',
              importNames: ionicOutsideTheShell,
              message:
                'Import it from src/shared/ui/ionic/ (add a file there if there is none): from @ionic/react it loads with the signed-in shell (ADR 0027).',
            },
          ],
        },
      ],
    },
  },
  serverBoundaries,
  {
    // ADR 0039: a server formats with the Intl objects of lib/intl.ts, one per locale and option set. One made per
    // call costs more than the formatting, and its ICU memory is freed in a full GC, on the event loop.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: ':function NewExpression[callee.object.name="Intl"]',
          message:
            'Take the formatter from lib/intl.ts (dateTimeFormat, numberFormat, collator), or make it once at module level (ADR 0039).',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(toLocaleString|toLocaleDateString|toLocaleTimeString|localeCompare)$/]',
          message:
            'Each call makes a new Intl object: format with lib/intl.ts (dateTimeFormat, numberFormat, collator) instead (ADR 0039).',
        },
      ],
    },
  },
  {
    // ADR 0054: a contract's schema is built on its first use in a browser, not when its module loads.
    files: ['packages/contracts/src/**/*.ts'],
    // routes.ts has no schema (its compiled route patterns are plain regular expressions).
    ignores: ['**/*.test.ts', 'packages/contracts/src/deferred.ts', 'packages/contracts/src/routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'Program > VariableDeclaration > VariableDeclarator[init.type="CallExpression"]:not([init.callee.name="deferred"]), Program > ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[init.type="CallExpression"]:not([init.callee.name="deferred"])',
          message:
            "Build the schema on its first use: `deferred(() => …)` from './deferred.ts' (ADR 0054). A module's schemas are otherwise all built when a page loads it.",
        },
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  prettier,
);
