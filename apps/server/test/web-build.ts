// The web app's real build (apps/web/dist and its page renderer, dist-server/entry-server.js)
// for the tests that must see pages as the server paints them. Built once when missing with the
// same command as `npm run build`; a directory lock keeps two test files (or the PGlite and
// PostgreSQL runs) from building into the same folder at once.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const webDir = fileURLToPath(new URL('../../web', import.meta.url));
const dist = path.join(webDir, 'dist');
const built = () =>
  existsSync(path.join(dist, 'index.html')) &&
  existsSync(path.join(webDir, 'dist-server', 'entry-server.js'));

/** The built web app's dist/ (its renderer beside it), building it first when it is missing. */
export async function realWebBuild(): Promise<string> {
  if (built()) return dist;
  const lock = path.join(webDir, '.test-build-lock');
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch {
      // Another test process is building: wait for it, then use its build.
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (built()) return dist;
    }
  }
  try {
    if (!built()) {
      // As a release is built: under Vitest NODE_ENV is 'test', and Vite would then build the
      // page renderer with React's development JSX, which a production start cannot run.
      await promisify(execFile)('npm', ['run', 'build'], {
        cwd: webDir,
        timeout: 240_000,
        env: { ...process.env, NODE_ENV: 'production' },
      });
    }
  } finally {
    await rmdir(lock);
  }
  if (!built()) throw new Error(`the web build did not write ${dist} and dist-server/`);
  return dist;
}
