// Lint doubles as the architecture fence: the import zones below are the rules STYLE.md
// describes (web -> contract <- server, features meet only at each other's entry files), so they hold
// without anyone having to remember them.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';

// Web features, read from the folder as the server modules are below, so a new feature is fenced
// the day it is made.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The shopper screens translated so far (issue 34); what is left is listed in decisions 049 and 050.
const TRANSLATED_SCREENS = [
  'apps/web/src/app/site-header.tsx',
  'apps/web/src/app/site-footer.tsx',
  'apps/web/src/app/layout.tsx',
  'apps/web/src/app/not-found-page.tsx',
  'apps/web/src/app/route-error.tsx',
  'apps/web/src/features/catalog/components/**/*.tsx',
  'apps/web/src/features/cart/components/*.tsx',
  'apps/web/src/features/offline/components/*.tsx',
  'apps/web/src/features/search/components/*.tsx',
  'apps/web/src/features/checkout/components/*.tsx',
  'apps/web/src/features/privacy/components/*.tsx',
  'apps/web/src/features/orders/components/*.tsx',
  'apps/web/src/features/receipts/components/*.tsx',
  'apps/web/src/features/auth/components/*.tsx',
  'apps/web/src/features/reviews/components/*.tsx',
  'apps/web/src/features/newsletter/components/newsletter-form.tsx',
  'apps/web/src/features/newsletter/components/marketing-preferences.tsx',
  'apps/web/src/features/newsletter/components/reminder-preferences.tsx',
  'apps/web/src/features/newsletter/components/unsubscribe-page.tsx',
  'apps/web/src/features/newsletter/components/reminder-opt-out-page.tsx',
  'apps/web/src/features/blog/components/blog-list-page.tsx',
  'apps/web/src/features/blog/components/blog-post-page.tsx',
  'apps/web/src/features/blog/components/post-date.tsx',
  'apps/web/src/features/chat/components/*.tsx',
  'apps/web/src/features/tenants/components/about-page.tsx',
];

// The owner's and the admin's screens on the library (decision 050): English only, their words
// in en.json under `owner.` and `admin.`. A screen's files are added once converted.
const STAFF_SCREENS = [
  'apps/web/src/components/admin-area-nav.tsx',
  'apps/web/src/features/admin/components/admin-guard.tsx',
  'apps/web/src/features/admin/components/admin-pages.tsx',
  'apps/web/src/features/admin/components/admin-shops-page.tsx',
  'apps/web/src/features/admin/components/codes-page.tsx',
  'apps/web/src/features/admin/components/dashboard-links.tsx',
  'apps/web/src/features/admin/components/data-requests-page.tsx',
  'apps/web/src/features/admin/components/manage-listing-page.tsx',
  'apps/web/src/features/admin/components/manage-orders-page.tsx',
  'apps/web/src/features/admin/components/message-parts.tsx',
  'apps/web/src/features/admin/components/messages-page.tsx',
  'apps/web/src/features/admin/components/order-filters.tsx',
  'apps/web/src/features/admin/components/order-messages.tsx',
  'apps/web/src/features/admin/components/page-buttons.tsx',
  'apps/web/src/features/admin/components/payouts-page.tsx',
  'apps/web/src/features/admin/components/privacy-notice-page.tsx',
  'apps/web/src/features/admin/components/refunds-page.tsx',
  'apps/web/src/features/admin/components/tenants-page.tsx',
  'apps/web/src/features/blog/components/add-blog-page.tsx',
  'apps/web/src/features/media/components/image-list-editor.tsx',
  'apps/web/src/features/newsletter/components/send-newsletter-form.tsx',
  'apps/web/src/features/shops/components/categories-panel.tsx',
  'apps/web/src/features/shops/components/discount-codes-editor.tsx',
  'apps/web/src/features/shops/components/edit-shop-dialog.tsx',
  'apps/web/src/features/shops/components/manage-products-page.tsx',
  'apps/web/src/features/shops/components/product-form.tsx',
  'apps/web/src/features/shops/components/products-panel.tsx',
  'apps/web/src/features/shops/components/shop-balance-page.tsx',
  'apps/web/src/features/shops/components/shop-catalogue-page.tsx',
  'apps/web/src/features/shops/components/shop-codes-page.tsx',
  'apps/web/src/features/shops/components/shop-delivery-page.tsx',
  'apps/web/src/features/shops/components/shop-fields.tsx',
  'apps/web/src/features/shops/components/shop-orders-page.tsx',
  'apps/web/src/features/shops/components/shop-receipts-page.tsx',
  'apps/web/src/features/shops/components/shop-screen.tsx',
  'apps/web/src/features/shops/components/shop-tax-page.tsx',
  'apps/web/src/features/shops/components/shops-page.tsx',
  'apps/web/src/features/stats/components/daily-chart.tsx',
  'apps/web/src/features/stats/components/stats-section.tsx',
];

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
              // carrier (Pick Up Mtaani's agents and packages) and of KRA's eTIMS (the OSCU that
              // signs receipts); never the server's own code.
              except: [
                './test/fake-daraja.ts',
                './test/fake-pesapal.ts',
                './test/fake-africastalking.ts',
                './test/fake-pickup-mtaani.ts',
                './test/fake-oscu.ts',
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
    // Shopper screens already in both languages (decision 049): a text written into their JSX
    // is a text Kiswahili readers would get in English. Words go in src/locales/<lang>.json and
    // come through t('key'). Add a screen's files here once it is translated.
    files: TRANSLATED_SCREENS,
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }] },
  },
  {
    // Owner and admin screens (decision 050): English whatever the shopper's language, but on
    // the same library, so a text written into their JSX fails lint here too.
    files: STAFF_SCREENS,
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }] },
  },
  {
    // The page's starter, served as written (vite.config.ts startAfterPaint).
    files: ['apps/web/start/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
