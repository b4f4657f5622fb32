// The module fence is lint (eslint.config.js): these prove it bites, by linting imports that
// break it as if they were written in the files named.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

/** The rule ids lint reports for `code` placed at `file` (relative to the repository). */
async function violations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('the server module fence', () => {
  it('refuses a module reaching into another module’s files', async () => {
    expect(
      await violations(
        'apps/server/src/modules/payments/example.ts',
        "import { takeStock } from '../orders/stock';\nexport const x = takeStock;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('lets a module use another through its entry file, and its own files freely', async () => {
    expect(
      await violations(
        'apps/server/src/modules/payments/example.ts',
        "import { applyPaymentOutcome } from '../orders';\nimport { statusEvent } from './service';\nexport const x = [applyPaymentOutcome, statusEvent];\n",
      ),
    ).toEqual([]);
  });

  it('refuses the platform importing any module, even through its entry file', async () => {
    expect(
      await violations(
        'apps/server/src/platform/example.ts',
        "import { registerOrderRoutes } from '../modules/orders';\nexport const x = registerOrderRoutes;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('refuses the app, the demo seed and the test harness reaching into a module', async () => {
    for (const file of [
      'apps/server/src/example.ts',
      'apps/server/src/demo/example.ts',
      'apps/server/test/example.ts',
    ]) {
      const relative = path.relative(
        path.dirname(path.join(root, file)),
        path.join(root, 'apps/server/src/modules/orders/stock'),
      );
      expect(
        await violations(
          file,
          `import { takeStock } from '${relative.startsWith('.') ? relative : `./${relative}`}';\nexport const x = takeStock;\n`,
        ),
        file,
      ).toContain('import-x/no-restricted-paths');
    }
  });
});
