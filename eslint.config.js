// Lint doubles as the architecture fence: the import zones below are the rules STYLE.md
// describes (web -> contract <- server, features meet only at each other's entry files), so they hold
// without anyone having to remember them.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Web features, read from the folder as the server modules are below, so a new feature is fenced
// the day it is made.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Server modules, read from the folder so a new module is fenced the day it is made.
const serverModulesDir = './apps/server/src/modules';
const serverModules = readdirSync(new URL(serverModulesDir, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/contract',
              from: './apps',
              message: 'The contract is pure: it imports no app code.',
            },
            {
              target: './apps/web',
              from: './apps/server',
              // Browser journeys (e2e) may drive the server's test fakes of payment providers
              // (a fake Daraja posting callbacks), of Africa's Talking (the run's SMS) and of the
              // carrier (Pick Up Mtaani's agents and packages); never the server's own code.
              except: [
                './test/fake-daraja.ts',
                './test/fake-pesapal.ts',
                './test/fake-africastalking.ts',
                './test/fake-pickup-mtaani.ts',
              ],
              message: 'The web app never imports server code.',
            },
            {
              target: './apps/web/src',
              from: './apps/server/test',
              message: 'The web app never imports server test fixtures.',
            },
            {
              target: './apps/server',
              from: './apps/web',
              message: 'The server never imports web code.',
            },
            {
              target: './apps/web/src/components',
              from: './apps/web/src/features',
              message: 'Shared components sit below features.',
            },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features do not import the app shell.',
            },
            {
              target: './apps/server/src/platform',
              from: serverModulesDir,
              message: 'The platform sits below the modules: it imports none of them.',
            },
            // A module's insides are its own: everything else, other modules included, goes
            // through its public entry file (index.ts).
            ...serverModules.map((name) => ({
              target: [
                ...serverModules
                  .filter((other) => other !== name)
                  .map((other) => `${serverModulesDir}/${other}`),
                './apps/server/src/*.ts',
                './apps/server/src/demo/**',
                './apps/server/test/**',
              ],
              from: `${serverModulesDir}/${name}`,
              except: ['./index.ts'],
              message: `Import the ${name} module through its entry file, modules/${name}/index.ts.`,
            })),
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              // Another feature is reached only through its entry file (features/cart/index.ts).
              except: [
                `./${feature}`,
                ...webFeatures
                  .filter((other) => other !== feature)
                  .map((other) => `./${other}/index.ts`),
              ],
              message:
                'A feature imports another only through its entry file (index.ts); move shared code down a level or export it there.',
            })),
          ],
        },
      ],
    },
    settings: {
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The page's starter, served as written (vite.config.ts startAfterPaint).
    files: ['apps/web/start/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
