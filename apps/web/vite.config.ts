import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { defineConfig, minifySync, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import sharp from 'sharp';
import {
  compileCatalog,
  ROUTE_PARTS,
  STAFF_PARTS,
  type CatalogPart,
} from './src/locales/compile-catalog.ts';

// The API server (apps/server) serves the built app in production; in development Vite serves
// the app and forwards the API and uploaded media to it.
const apiTarget = process.env.SOKO_API_URL ?? 'http://localhost:3000';

/**
 * The install icons, drawn from favicon.svg at build time so there is one picture to edit. The
 * server's manifest (GET /manifest.webmanifest) names these files. 'maskable' has the mark
 * inside the safe circle (80 %) on the brand colour, as Android crops it.
 */
export const INSTALL_ICONS = [
  { file: 'icons/icon-192.png', size: 192, maskable: false },
  { file: 'icons/icon-512.png', size: 512, maskable: false },
  { file: 'icons/maskable-512.png', size: 512, maskable: true },
  { file: 'icons/apple-touch-icon-180.png', size: 180, maskable: false },
] as const;

function installIcons(): Plugin {
  return {
    name: 'soko-install-icons',
    apply: 'build',
    async generateBundle() {
      const svg = await readFile(new URL('./public/favicon.svg', import.meta.url));
      for (const icon of INSTALL_ICONS) {
        const mark = Math.round(icon.maskable ? icon.size * 0.8 : icon.size);
        const drawn = sharp(svg, { density: 72 * (mark / 32) }).resize(mark, mark);
        const png = icon.maskable
          ? await sharp({
              create: { width: icon.size, height: icon.size, channels: 4, background: '#166534' },
            })
              .composite([{ input: await drawn.png().toBuffer(), gravity: 'center' }])
              .png()
              .toBuffer()
          : await drawn.png().toBuffer();
        this.emitFile({ type: 'asset', fileName: icon.file, source: png });
      }
    },
  };
}

/**
 * start/early-taps.js, minified, as the first script of every page's <head> (decision 028): it
 * must listen before the page is painted, so it cannot wait for a file. The server allows it in
 * its Content-Security-Policy by its hash, read from the built index.html.
 */
function holdEarlyTaps(): Plugin {
  const path = new URL('./start/early-taps.js', import.meta.url);
  return {
    name: 'soko-hold-early-taps',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const { code, errors } = minifySync('early-taps.js', readFileSync(path, 'utf8'));
        if (errors.length > 0) throw new Error(`start/early-taps.js: ${errors[0]?.message}`);
        const charset = /<meta charset="UTF-8" \/>/;
        if (!charset.test(html)) throw new Error('index.html has no charset tag to follow');
        return html.replace(charset, (tag) => `${tag}\n    <script>${code.trim()}</script>`);
      },
    },
  };
}

/**
 * The page's app entry is started by start/start.js once the page's main pictures are painted,
 * instead of by a module tag the browser fetches at once (decision 024, and that file). The
 * starter is a file of its own, named by its content's hash like Vite's assets: the
 * Content-Security-Policy allows no inline script but the early-taps one it names by hash.
 */
function startAfterPaint(): Plugin {
  const source = readFileSync(new URL('./start/start.js', import.meta.url), 'utf8');
  const fileName = `assets/start-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
  return {
    name: 'soko-start-after-paint',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
        if (!entryTag.test(html)) throw new Error('index.html has no module entry to start');
        return html.replace(
          entryTag,
          (_, entry: string) => `<script defer src="/${fileName}" data-entry="${entry}"></script>`,
        );
      },
    },
  };
}

/**
 * `virtual:messages/en` and `virtual:messages/sw` (decision 049): src/locales/<lang>.json, one
 * file per language, compiled at build time into Lingui's ready form, so the phone gets no ICU
 * parser, only the small runtime that fills in the values. Each is a chunk of its own: the
 * browser loads only the page's language. A language's file is split by key prefix (the
 * "Second slice"): `virtual:messages/sw` is the start part (the shell and the storefront), and
 * `virtual:messages/sw/checkout` (orders, account, privacy, search) a route's part, loaded with
 * that route's code (app/routes.tsx); `virtual:messages/sw/all` is every message, for the
 * server's renderer. The owner's and the admin's screens are English only (decision 050):
 * `virtual:messages/en/owner` and `virtual:messages/en/admin`, with no Kiswahili part.
 */
function messageCatalogs(): Plugin {
  const prefix = 'virtual:messages/';
  return {
    name: 'soko-message-catalogs',
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const [lang, part = 'start'] = id.slice(prefix.length + 1).split('/');
      if (lang !== 'en' && lang !== 'sw') throw new Error(`No message file for ${id.slice(1)}`);
      const staff = (STAFF_PARTS as readonly string[]).includes(part);
      if (
        part !== 'start' &&
        part !== 'all' &&
        !staff &&
        !(ROUTE_PARTS as readonly string[]).includes(part)
      )
        throw new Error(`No message part ${part} (${id.slice(1)})`);
      if (staff && lang !== 'en')
        throw new Error(`Staff screens are English only (${id.slice(1)})`);
      const file = new URL(`./src/locales/${lang}.json`, import.meta.url);
      this.addWatchFile(file.pathname);
      const source = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
      const compiled = compileCatalog(source, part as CatalogPart);
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [messageCatalogs(), react(), tailwindcss(), ...(isSsrBuild ? [] : browserOnlyPlugins())],
  // The server renderer (`vite build --ssr src/entry-server.tsx`, decision 018) is one file the
  // API server imports: the contract's TypeScript and the libraries are bundled into it.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? { outDir: 'dist-server', target: 'node20', copyPublicDir: false }
    : {
        outDir: 'dist',
        // The floor Tailwind 4 compiles its CSS for (@tailwindcss/node's Lightning CSS
        // targets): compiling the JavaScript for older browsers would cost bytes on every
        // phone without making the pages work on more of them. Cheap Android phones update
        // Chrome through Play.
        target: ['chrome111', 'edge111', 'firefox128', 'safari16.4'],
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [{ name: 'app', tags: ['$initial'] }],
            },
          },
        },
      },
  server: {
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
      // The live payment channel (socket.io) shares the API's origin.
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
}));

function browserOnlyPlugins() {
  return [
    installIcons(),
    holdEarlyTaps(),
    startAfterPaint(),
    // Decision 016. The manifest comes from the server (per tenant), and the page registers the
    // worker itself after load (src/lib/register-service-worker.ts), so the plugin only builds
    // sw.js and writes the precache list into it.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        // The app's code, styles, the shell and the icons; the demo's large JPEGs are not.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // 2 MB: the biggest chunk (the admin's charts) must still be listed.
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
        // The worker is registered as a classic script (lib/register-service-worker.ts): built
        // as one IIFE, without the plugin's ES build and its deprecated rollup option.
        rollupFormat: 'iife',
      },
    }),
  ];
}
