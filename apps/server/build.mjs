// Bundles the server (and the contract package's TypeScript) into dist/main.js. Dependencies
// stay in node_modules; only our own workspace code is inlined. The mail thread's entry is
// copied beside it: email.ts starts it from the file next to its own (smtp-thread.mjs says why).
import { copyFileSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@soko/'));

await build({
  // The server, and `npm run backup` / `restore` (src/backup/cli.ts) beside it.
  entryPoints: { main: 'src/main.ts', backup: 'src/backup/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
copyFileSync('src/modules/messages/smtp-thread.mjs', 'dist/smtp-thread.mjs');
